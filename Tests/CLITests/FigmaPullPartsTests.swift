import Foundation
import HiglintFigmaPull
import XCTest

@testable import higlint

/// The parts of `higlint figma pull` a server cannot reach: durations on the command line,
/// the API roots the token may go to, what `higlint` tells `higlint-figma-pull`, and
/// Retry-After as a date.
final class FigmaPullPartsTests: XCTestCase {
    func testDurationsTakeANumberAndAUnit() {
        XCTAssertEqual(DurationText.seconds("60s"), 60)
        XCTAssertEqual(DurationText.seconds("5m"), 300)
        XCTAssertEqual(DurationText.seconds("1h"), 3600)
        XCTAssertEqual(DurationText.seconds("250ms"), 0.25)
        XCTAssertEqual(DurationText.seconds("1.5s"), 1.5)
        XCTAssertEqual(DurationText.seconds("24h"), 86_400)
        for text in ["60", "0s", "-1s", "s", "1e3s", "infs", "nans", "0x10s", "1.2.3s", "25h", "1d", " 60s", "60 s", "60S"] {
            XCTAssertNil(DurationText.seconds(text), text)
        }
    }

    func testTheTokenGoesOverHTTPSOrToThisMachineOnly() throws {
        XCTAssertEqual(try FigmaAPIRoot.check("https://api.figma.com/").get(), "https://api.figma.com")
        XCTAssertEqual(try FigmaAPIRoot.check("http://127.0.0.1:8080").get(), "http://127.0.0.1:8080")
        XCTAssertEqual(try FigmaAPIRoot.check("http://localhost/api").get(), "http://localhost/api")
        XCTAssertEqual(try FigmaAPIRoot.check("http://[::1]:9").get(), "http://[::1]:9")
        for root in ["http://127.0.0.1.example.com", "http://localhost.evil:80", "http://10.0.0.1", "ftp://api.figma.com", "https://", "api.figma.com"] {
            XCTAssertThrowsError(try FigmaAPIRoot.check(root).get(), root)
        }
    }

    func testWhatHiglintWritesThePullReads() throws {
        let request = FigmaPullRequest(
            files: [.init(key: "Kq3ZPwLrB7mVxTn2aYdE9s", path: "/a b/--/x.figma.json", displayPath: "--/x.figma.json"),
                    .init(key: "Mt8RvXq2LpB0sWc4ZyHn1J", path: "/t\nu.figma.json", displayPath: "t\nu.figma.json")],
            apiRoot: "http://127.0.0.1:1", timeout: 0.5, every: 3600, maxFileBytes: 1 << 20)
        let parsed = try FigmaPullArguments.parse(request.arguments).get()
        XCTAssertEqual(parsed.apiRoot.absoluteString, "http://127.0.0.1:1")
        XCTAssertEqual(parsed.timeout, 0.5)
        XCTAssertEqual(parsed.every, 3600)
        XCTAssertEqual(parsed.maxFileBytes, 1 << 20)
        XCTAssertEqual(parsed.files.map(\.key), request.files.map(\.key))
        XCTAssertEqual(parsed.files.map(\.path), request.files.map(\.path))
        XCTAssertEqual(parsed.files.map(\.displayPath), request.files.map(\.displayPath))
        var once = request
        once.every = nil
        XCTAssertNil(try FigmaPullArguments.parse(once.arguments).get().every)
        XCTAssertThrowsError(try FigmaPullArguments.parse(["--api", "x"]).get())
        XCTAssertThrowsError(try FigmaPullArguments.parse(Array(request.arguments.dropLast())).get())
    }

    func testRetryAfterIsSecondsOrADate() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)  // Tue, 14 Nov 2023 22:13:20 GMT
        XCTAssertEqual(RetryAfter.seconds("120", now: now), 120)
        XCTAssertEqual(RetryAfter.seconds("Tue, 14 Nov 2023 22:14:00 GMT", now: now), 40)
        XCTAssertEqual(RetryAfter.seconds("Tue, 14 Nov 2023 22:00:00 GMT", now: now), 0, "a date gone by is no wait")
        XCTAssertEqual(RetryAfter.seconds("99999999", now: now), RetryAfter.longest)
        XCTAssertNil(RetryAfter.seconds("soon", now: now))
        XCTAssertNil(RetryAfter.seconds("-5", now: now))
    }

    func testTheWaitDoublesUpToItsCapAndNeverUnderRetryAfter() {
        var backoff = Backoff()
        XCTAssertEqual((0..<10).map { _ in backoff.next(retryAfter: nil) }, [2, 4, 8, 16, 32, 64, 128, 256, 300, 300])
        XCTAssertEqual(backoff.next(retryAfter: 900), 900)
        backoff.reset()
        XCTAssertEqual(backoff.next(retryAfter: 1), 2)
    }

    /// 200 with a whole file response is a file; anything else a problem in a line.
    func testAnswersAreReadAsTheReviewReadsThem() {
        let file = Array(#"{"document": {"id": "0:0", "type": "DOCUMENT", "children": []}, "version": "7"}"#.utf8)
        XCTAssertEqual(PullAnswer.read(.answer(status: 200, headers: [:], body: file), timeout: 1), .file(body: file, version: "7"))
        guard case .problem(let cut) = PullAnswer.read(.answer(status: 200, headers: [:], body: Array(file.prefix(40))), timeout: 1),
              case .problem(let error) = PullAnswer.read(.answer(status: 200, headers: [:], body: Array(#"{"status": 400, "err": "x"}"#.utf8)), timeout: 1),
              case .problem(let teapot) = PullAnswer.read(.answer(status: 418, headers: [:], body: []), timeout: 1),
              case .problem(let gateway) = PullAnswer.read(.answer(status: 502, headers: ["retry-after": "9"], body: Array("<html>".utf8)), timeout: 1)
        else { return XCTFail("each is a problem") }
        XCTAssertEqual(cut.text, "the answer is not a whole file response (1:36: not valid JSON: a string is not closed before the end of the file (a truncated download?))")
        XCTAssertFalse(cut.permanent)
        XCTAssertEqual(error.text, "the answer is not a whole file response (1:1: a Figma API error answer (status 400: \"x\"), not a file)")
        XCTAssertEqual(teapot, PullProblem("HTTP 418", permanent: true))
        XCTAssertEqual(gateway, PullProblem("HTTP 502: Figma's server failed", permanent: false, retryAfter: 9))
    }
}
