import Foundation
import HiglintCore
import XCTest

/// The watcher's live HTML report: after the file is replaced, the open page
/// shows the new report and keeps the reader's scroll position and filters.
final class LiveReportTests: XCTestCase {
    /// Drives headless Chromium over the DevTools protocol on a pipe (fds 3
    /// and 4, NUL-separated JSON), which needs nothing beyond Python's standard library.
    private static let driver = #"""
        import json, os, shutil, subprocess, sys, tempfile, time
        chromium, url, replacement, target, live_seconds = sys.argv[1:6]
        profile = tempfile.mkdtemp()
        to_child, from_parent = os.pipe()
        from_child, to_parent = os.pipe()
        os.dup2(to_child, 100); os.dup2(to_parent, 101)
        def wire():
            os.dup2(100, 3); os.dup2(101, 4)
        browser = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=" + profile,
             "--remote-debugging-pipe", "--window-size=1280,800", "about:blank"],
            preexec_fn=wire, close_fds=False, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env=dict(os.environ, TMPDIR=profile))
        for fd in (to_child, to_parent, 100, 101):
            os.close(fd)
        pending = b""
        counter = 0
        problems = []
        def call(method, params=None, session=None, deadline=60):
            global pending, counter
            counter += 1
            message = {"id": counter, "method": method, "params": params or {}}
            if session:
                message["sessionId"] = session
            os.write(from_parent, json.dumps(message).encode() + b"\0")
            end = time.time() + deadline
            while time.time() < end:
                while b"\0" in pending:
                    raw, pending = pending.split(b"\0", 1)
                    reply = json.loads(raw)
                    if reply.get("id") == counter:
                        if "error" in reply:
                            sys.exit("DevTools error: " + json.dumps(reply["error"]))
                        return reply["result"]
                    if reply.get("method") in ("Runtime.exceptionThrown", "Runtime.consoleAPICalled"):
                        problems.append(reply["params"])
                chunk = os.read(from_child, 65536)
                if not chunk:
                    sys.exit("chromium closed the pipe")
                pending += chunk
            sys.exit("no reply to " + method)
        try:
            page = call("Target.createTarget", {"url": "about:blank"})["targetId"]
            session = call("Target.attachToTarget", {"targetId": page, "flatten": True})["sessionId"]
            call("Runtime.enable", session=session)
            call("Page.navigate", {"url": url}, session=session)
            def evaluate(expression):
                result = call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=session)
                return result["result"].get("value")
            def wait_for(expression, seconds=60):
                end = time.time() + seconds
                while time.time() < end:
                    if evaluate(expression):
                        return
                    time.sleep(0.05)
                sys.exit("never true: " + expression)
            wait_for("document.documentElement.hasAttribute('data-rendered-ms')")
            # The page saves its state when its reload timer fires, so the filter and the
            # scroll must be set before that. On a loaded machine they may land after it,
            # so check it rather than hope: a page that is still the marked one and whose
            # clock is short of the timer has not fired yet, since timers never fire
            # early; otherwise set them again on the next page. Both steps are idempotent.
            deadline = float(live_seconds) * 1000 - 100
            while True:
                evaluate("window.higlintMarked = true")
                evaluate("var box = document.querySelector('input[data-severity=warning]'); if (box.checked) box.click()")
                evaluate("window.scrollTo(0, 900)")
                before = evaluate("window.scrollY")
                if evaluate("window.higlintMarked === true && performance.now() < %f" % deadline):
                    break
                wait_for("window.higlintMarked !== true && document.documentElement.hasAttribute('data-rendered-ms')")
            os.replace(replacement, target)
            # The page reloads on a timer whether or not the file changed, so wait
            # for the new version's content, not merely for a reload.
            wait_for("document.querySelector('.sub') !== null"
                     " && document.querySelector('.sub').textContent.indexOf('second version') >= 0"
                     " && document.documentElement.hasAttribute('data-rendered-ms')")
            print(json.dumps({
                "before": before, "after": evaluate("window.scrollY"),
                "warning": evaluate("document.querySelector('input[data-severity=warning]').checked"),
                "subtitle": evaluate("document.querySelector('.sub').textContent"),
                "problems": [json.dumps(problem)[:300] for problem in problems]}))
        finally:
            # The profile (and Chromium's temporary files, kept in it) go with the browser.
            browser.kill()
            browser.wait()
            shutil.rmtree(profile, ignore_errors=True)
        """#

    private struct Observed: Decodable {
        var before: Double
        var after: Double
        var warning: Bool
        var subtitle: String
        var problems: [String]
    }

    func testReloadShowsTheNewReportAndKeepsScrollAndFilters() throws {
        let python = try Tool.python(modules: ["json"])
        let chromium = try Tool.chromium()
        let temp = try TempDirectory()
        // Enough cards that the page can scroll 900 px.
        var files: [String: String] = [:]
        for index in 0..<12 {
            files["s\(index).yaml"] = "screen: S\(index)\nelements:\n  - {id: b, type: button, frame: [16, 100, 30, 30]}\n"
                + "  - {id: t, type: text, label: x, frame: [16, 200, 100, 20], font: {size: 12, weight: light}}\n"
        }
        let report = Reports.report(files)
        var options = Reports.options()
        // Short, so the test is quick; the driver makes sure its clicks land before the timed reload.
        let refreshSeconds = 3
        options.liveRefreshSeconds = refreshSeconds
        options.subtitle = "first version"
        let page = try temp.write("live.html", ReportFormat.html.render(report, options: options))
        options.subtitle = "second version"
        let next = try temp.write("next.html", ReportFormat.html.render(report, options: options))

        let run = try Tool.run(python, ["-c", Self.driver, chromium.path, page.absoluteString, next.path, page.path,
                                          String(refreshSeconds)], timeout: 120)
        XCTAssertEqual(run.status, 0, run.stderr)
        let observed = try JSONDecoder().decode(Observed.self, from: Data(run.stdout.utf8))
        XCTAssertEqual(observed.before, 900, "the page was long enough to scroll")
        XCTAssertTrue(observed.subtitle.contains("second version"), "the reload shows the replaced file: \(observed.subtitle)")
        XCTAssertEqual(observed.after, observed.before, "the scroll position survives the reload")
        XCTAssertFalse(observed.warning, "the severity filter survives the reload")
        XCTAssertEqual(observed.problems, [], "console messages or exceptions")
    }
}
