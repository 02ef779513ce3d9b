import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// GET requests to the Figma API with the token in `X-Figma-Token`, one at a time, each
/// ended early by `StopSignal`. Nothing is cached, no cookie kept, no redirect followed:
/// the token goes to the API's address and nowhere else.
final class FigmaAPIClient: Sendable {
    private let session: URLSession
    private let token: String
    private let userAgent: String
    let timeout: Double

    /// - Parameter timeout: the longest wait for the next bytes of an answer; a whole
    ///   answer may take ten times as long (a file response is tens of megabytes).
    init(token: String, timeout: Double, userAgent: String) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 10
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        session = URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
        self.token = token
        self.timeout = timeout
        self.userAgent = userAgent
    }

    deinit { session.invalidateAndCancel() }

    func get(_ url: URL, stop: StopSignal) -> FetchResult {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        request.setValue(token, forHTTPHeaderField: "X-Figma-Token")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        let outcome = Mutex<FetchResult?>(nil)
        let task = session.dataTask(with: request) { data, response, error in
            let result: FetchResult
            if let response = response as? HTTPURLResponse, error == nil {
                var headers: [String: String] = [:]
                for (name, value) in response.allHeaderFields {
                    if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
                }
                result = .answer(status: response.statusCode, headers: headers, body: data.map { [UInt8]($0) } ?? [])
            } else {
                result = Self.failure(error)
            }
            outcome.withLock { $0 = result }
            stop.wake()
        }
        guard stop.track(task) else { return .stopped }
        task.resume()
        // Woken by the answer or by a signal; a signal cancels the task, whose answer then
        // comes at once (as a cancellation).
        while true {
            stop.wait()
            if let result = outcome.withLock({ $0 }) {
                stop.untrack()
                return stop.isStopped ? .stopped : result
            }
        }
    }

    /// A failure in a few words: URLError's own descriptions are the same sentence for most.
    static func failure(_ error: (any Error)?) -> FetchResult {
        guard let error = error as? URLError else { return .failed("no answer (\(error.map { "\($0)" } ?? "no response"))") }
        switch error.code {
        case .cancelled: return .stopped
        case .timedOut: return .timedOut
        case .cannotConnectToHost: return .failed("could not connect to the API (connection refused)")
        case .cannotFindHost, .dnsLookupFailed: return .failed("could not find the API's host (DNS)")
        case .notConnectedToInternet: return .failed("not connected to a network")
        // libcurl's "partial file" (a body shorter than its Content-Length) comes as unknown.
        case .networkConnectionLost, .unknown: return .failed("the connection was cut before the answer ended")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return .failed("the TLS connection failed (URLError \(error.code.rawValue))")
        default: return .failed("no answer (URLError \(error.code.rawValue))")
        }
    }
}

/// Redirects are answers, not followed.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
