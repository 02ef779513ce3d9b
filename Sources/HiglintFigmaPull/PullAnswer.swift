import FigmaImporter
import Foundation
import HiglintCore

/// What one request came to, as the client saw it.
public enum FetchResult: Sendable, Equatable {
    /// An HTTP answer; header names lowercased.
    case answer(status: Int, headers: [String: String], body: [UInt8])
    /// No answer within the time-out.
    case timedOut
    /// No answer at all (no connection, a connection cut short); why, in a few words.
    case failed(String)
    /// SIGINT or SIGTERM came first.
    case stopped
}

/// What a request's result means for the saved file: a whole file response to save, or
/// a problem to say in one line and wait after.
public enum PullAnswer: Sendable, Equatable {
    case file(body: [UInt8], version: String?)
    case problem(PullProblem)
    case stopped

    /// - Parameters:
    ///   - timeout: the request's time-out, as the line names it (`30 s`).
    ///   - now: for an HTTP-date `Retry-After`.
    public static func read(_ result: FetchResult, timeout: Double, now: Date = Date()) -> PullAnswer {
        switch result {
        case .stopped:
            return .stopped
        case .timedOut:
            return .problem(PullProblem("no answer within \(PullDuration.text(timeout)) (--timeout)", permanent: false))
        case .failed(let why):
            return .problem(PullProblem(why, permanent: false))
        case .answer(let status, let headers, let body):
            guard status == 200 else { return .problem(refusal(status, headers: headers, body: body, now: now)) }
            switch FigmaFileResponse.check(body) {
            case .file(let version): return .file(body: body, version: version)
            case .notAFile(let why):
                // A body cut short or garbled is the network's or the server's doing, not the file's.
                return .problem(PullProblem("the answer is not a whole file response (\(why))", permanent: false))
            }
        }
    }

    /// The line for an answer other than 200: what the status means for the user, and the
    /// API's own reason when it gives one (`{"status": 403, "err": "Invalid token"}`).
    static func refusal(_ status: Int, headers: [String: String], body: [UInt8], now: Date) -> PullProblem {
        let reason = apiReason(body).map { " (Figma says \(quoted($0)))" } ?? ""
        switch status {
        case 401:
            return PullProblem("401 Unauthorized: Figma refused FIGMA_TOKEN (expired, revoked or mistyped: make a new one in Settings, Security)\(reason)", permanent: true)
        case 403:
            return PullProblem("403 Forbidden: the token may not read this file (it needs the file_content:read scope, and its owner access to the file)\(reason)", permanent: true)
        case 404:
            return PullProblem("404 Not Found: no file has this key (the letters and digits after /design/ in the file's link; see figma.files)\(reason)", permanent: true)
        case 429:
            let wait = headers["retry-after"].flatMap { RetryAfter.seconds($0, now: now) }
            let asked = wait.map { "; Retry-After \(PullDuration.text($0))" } ?? ""
            return PullProblem("429 Too Many Requests: over Figma's rate limit\(asked)\(reason)", permanent: false, retryAfter: wait)
        case 300...399:
            let target = headers["location"].map { " to \(quoted(String($0.prefix(200))))" } ?? ""
            return PullProblem("HTTP \(status): redirected\(target), not followed (the token goes to the API's address only)", permanent: true)
        case 500...599:
            let wait = headers["retry-after"].flatMap { RetryAfter.seconds($0, now: now) }
            return PullProblem("HTTP \(status): Figma's server failed\(reason)", permanent: false, retryAfter: wait)
        default:
            return PullProblem("HTTP \(status)\(reason)", permanent: (400...499).contains(status))
        }
    }

    /// The `err` (or `message`) of an error answer, short and on one line; nil when the body
    /// is no such answer.
    static func apiReason(_ body: [UInt8]) -> String? {
        guard body.count <= 64 << 10,
              let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
              let text = (object["err"] ?? object["message"]) as? String, !text.isEmpty
        else { return nil }
        let short = text.count > 200 ? String(text.prefix(200)) + "..." : text
        return LineText.escape(short)
    }
}

/// A failed pull, said in one line.
public struct PullProblem: Sendable, Equatable {
    public var text: String
    /// Whether trying again without a change of token, key or sharing is no use (the loop
    /// tries again all the same, slowly: a file can be shared later).
    public var permanent: Bool
    /// What the server asked to wait, in seconds.
    public var retryAfter: Double?

    public init(_ text: String, permanent: Bool, retryAfter: Double? = nil) {
        self.text = text
        self.permanent = permanent
        self.retryAfter = retryAfter
    }
}

/// `Retry-After` (RFC 9110): seconds, or an HTTP date.
public enum RetryAfter {
    /// A wait past this is a server's mistake, and is waited this long.
    public static let longest = 3600.0

    public static func seconds(_ value: String, now: Date) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) {
            return min(Double(text) ?? longest, longest)
        }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        guard let date = format.date(from: text) else { return nil }
        return min(max(date.timeIntervalSince(now), 0), longest)
    }
}

/// Waits after failures: doubling from `first` up to `cap`, never shorter than what the
/// server asked.
public struct Backoff: Sendable, Equatable {
    public static let first = 2.0
    public static let cap = 300.0
    public private(set) var failures = 0

    public init() {}

    public mutating func next(retryAfter: Double?) -> Double {
        let step = min(Self.cap, Self.first * Double(1 << min(failures, 20)))
        failures += 1
        return max(step, retryAfter ?? 0)
    }

    public mutating func reset() { failures = 0 }
}

/// Durations as the command line and the log lines write them.
public enum PullDuration {
    /// `60 s`, `1.5 s`, `250 ms`.
    public static func text(_ seconds: Double) -> String {
        if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
        return "\(formatPoints(seconds)) s"
    }
}
