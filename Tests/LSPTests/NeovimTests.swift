import Foundation
import TestSupport
import XCTest

/// Neovim's built-in client (Debian 12's 0.7, headless) against the real server: open a
/// spec, read its diagnostics, apply the preferred quick fix, see the diagnostic go.
final class NeovimTests: XCTestCase {
    /// Runs in Neovim; every wait is `vim.wait` on a condition with a generous deadline.
    /// Neovim 0.7 has no `vim.lsp.start`: `start_client` and `buf_attach_client` are the API there.
    static let script = #"""
        local out = {}
        local function finish()
          local file = io.open(os.getenv("HIGLINT_NVIM_OUT"), "w")
          file:write(vim.fn.json_encode(out))
          file:close()
          vim.cmd("qa!")
        end
        local function hit_targets()
          local found = {}
          for _, d in ipairs(vim.diagnostic.get(0)) do
            if d.code == "buttons.hit-target" or (d.user_data and d.user_data.lsp and d.user_data.lsp.code == "buttons.hit-target") then
              table.insert(found, d)
            end
          end
          return found
        end
        local id = vim.lsp.start_client({
          name = "higlint",
          cmd = { os.getenv("HIGLINT_BINARY_PATH"), "lsp" },
          root_dir = vim.fn.getcwd(),
          init_options = { debounceMilliseconds = 0 },
        })
        vim.lsp.buf_attach_client(0, id)
        out.diagnosed = vim.wait(60000, function() return #hit_targets() > 0 end, 20)
        local first = hit_targets()[1]
        if not first then return finish() end
        out.line = first.lnum
        out.column = first.col
        out.end_line = first.end_lnum
        vim.api.nvim_win_set_cursor(0, { first.lnum + 1, first.col })
        local params = vim.lsp.util.make_range_params()
        params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(0, first.lnum) }
        local responses = vim.lsp.buf_request_sync(0, "textDocument/codeAction", params, 60000) or {}
        for _, response in pairs(responses) do
          for _, action in ipairs(response.result or {}) do
            if action.isPreferred and action.edit then
              out.title = action.title
              vim.lsp.util.apply_workspace_edit(action.edit, "utf-16")
            end
          end
        end
        out.fixed = vim.wait(60000, function() return #hit_targets() == 0 end, 20)
        out.text = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\n")
        vim.lsp.stop_client(id)
        finish()
        """#

    func testNeovimShowsTheDiagnosticAndItsQuickFixClearsIt() throws {
        guard let nvim = ["/usr/bin/nvim", "/usr/local/bin/nvim"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("Neovim is not installed (`make test-deps` installs Debian's neovim)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-nvim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = "screen: Home\nelements:\n  - type: button\n    label: Go\n    frame: [0, 100, 30, 30]\n"
        try Data(spec.utf8).write(to: directory.appendingPathComponent("home.yaml"))
        try Data(Self.script.utf8).write(to: directory.appendingPathComponent("test.lua"))
        let output = directory.appendingPathComponent("out.json")
        var environment = ProcessInfo.processInfo.environment
        environment["HIGLINT_NVIM_OUT"] = output.path
        environment["HIGLINT_BINARY_PATH"] = try HiglintBinary.url().path
        environment["XDG_STATE_HOME"] = directory.path
        environment["XDG_DATA_HOME"] = directory.path
        // Neovim 0.7 writes its LSP log under the cache directory: the temporary one, not the home.
        environment["XDG_CACHE_HOME"] = directory.path
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: nvim), ["--headless", "--clean", "-n", "home.yaml", "-c", "luafile test.lua"],
            in: directory, environment: environment, timeout: 240)
        let data = try Data(contentsOf: output)
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any], outcome.stderr)
        XCTAssertEqual(result["diagnosed"] as? Bool, true, "\(result) \(outcome.stderr)")
        XCTAssertEqual(result["line"] as? Int, 2)
        XCTAssertEqual(result["column"] as? Int, 4)
        XCTAssertEqual(result["end_line"] as? Int, 4, "the whole element, not a point")
        XCTAssertEqual(result["title"] as? String, "Fix buttons.hit-target: Gives the element a hit_area of at least the minimum, keeping any larger side.")
        XCTAssertEqual(result["fixed"] as? Bool, true, "\(result)")
        XCTAssertEqual(result["text"] as? String, spec + "    hit_area: [44, 44]")
    }
}
