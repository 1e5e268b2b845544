import CCurl
import MarbleKit

/// Who the server is asked as: a user name and a password kept out of every description.
struct WebDAVLogin: Sendable {
    var user: String
    var password: ClassSecret
}

/// A password: its description, debug description and mirror say nothing of it, so neither
/// `print`, string interpolation nor `dump` of a transport shows it.
struct ClassSecret: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    let text: String
    var description: String { "(hidden)" }
    var debugDescription: String { "(hidden)" }
    var customMirror: Mirror { Mirror(self, children: []) }
}

/// libcurl's one-time setup: `curl_global_init` is not thread safe, and a `static let` runs
/// its initializer exactly once, whichever thread asks first.
private let curlReady: Bool = curl_global_init(marble_curl_global_default) == CURLE_OK

// The callbacks libcurl calls: C functions, so they reach the exchange through the userdata
// pointer. Returning a count other than the one given (0) makes libcurl stop the transfer.
private let headerCallback: marble_curl_data_cb = { buffer, size, count, userdata in
    guard let buffer, let userdata else { return 0 }
    let n = size * count
    let line = String(decoding: UnsafeRawBufferPointer(start: buffer, count: n), as: UTF8.self)
    return Unmanaged<WebDAVExchange>.fromOpaque(userdata).takeUnretainedValue().header(line) ? n : 0
}

private let writeCallback: marble_curl_data_cb = { buffer, size, count, userdata in
    guard let buffer, let userdata else { return 0 }
    let n = size * count
    return Unmanaged<WebDAVExchange>.fromOpaque(userdata).takeUnretainedValue().take(UnsafeRawBufferPointer(start: buffer, count: n)) ? n : 0
}

private let readCallback: marble_curl_data_cb = { buffer, size, count, userdata in
    guard let buffer, let userdata else { return marble_curl_readfunc_abort }
    return Unmanaged<WebDAVExchange>.fromOpaque(userdata).takeUnretainedValue().give(UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
}

extension WebDAVRequest {
    /// Sends the request on an easy handle of its own and waits for the answer, bounded in
    /// time: 3 s to connect, and a transfer that moves nothing for 10 s is given up. An
    /// https:// server's certificate and name are always checked, against the system's
    /// authorities and `trust.ca`.
    ///
    /// - Throws: `.unreachable` (no connection, a timeout, a broken transfer, with libcurl's
    ///   words), `.untrusted` (a certificate not trusted, or an authority file that cannot be
    ///   used), `.tooLarge` (the answer is over `limit`), `.badAddress` (a URL libcurl refuses).
    func send(as login: WebDAVLogin?, trust: ClassTrust, at place: String) throws(ClassProblem) -> WebDAVResponse {
        guard curlReady, let curl = curl_easy_init() else { throw .unreachable(place, why: "libcurl could not start") }
        defer { curl_easy_cleanup(curl) }
        let exchange = WebDAVExchange(upload: body ?? [], limit: limit)
        let me = Unmanaged.passUnretained(exchange).toOpaque()
        var list: UnsafeMutablePointer<curl_slist>? = nil
        // "Expect:" turns off 100-continue: a server that never answers it costs a second.
        for header in headers + ["Expect:"] { list = curl_slist_append(list, header) }
        defer { curl_slist_free_all(list) }
        var errorText = [CChar](repeating: 0, count: Int(marble_curl_error_size) + 1)
        let code: CURLcode = errorText.withUnsafeMutableBufferPointer { errorBuffer in
            var ok = true
            func long(_ option: CURLoption, _ value: Int) { ok = ok && marble_curl_setopt_long(curl, option, value) == CURLE_OK }
            func text(_ option: CURLoption, _ value: String) { ok = ok && marble_curl_setopt_str(curl, option, value) == CURLE_OK }
            text(CURLOPT_URL, url)
            text(CURLOPT_PROTOCOLS_STR, "http,https")
            long(CURLOPT_NOSIGNAL, 1)
            long(CURLOPT_CONNECTTIMEOUT_MS, 3000)
            long(CURLOPT_LOW_SPEED_LIMIT, 1)
            long(CURLOPT_LOW_SPEED_TIME, 10)
            // A server that trickles a byte every few seconds still ends: two minutes at most.
            long(CURLOPT_TIMEOUT, 120)
            // A redirect is answered as it is, never followed to another server with the password.
            long(CURLOPT_FOLLOWLOCATION, 0)
            text(CURLOPT_USERAGENT, "marble-class")
            // Never turned off: a school's own or self-signed server is trusted by its authority (--ca).
            long(CURLOPT_SSL_VERIFYPEER, 1)
            long(CURLOPT_SSL_VERIFYHOST, 2)
            if let ca = trust.ca {
                ok = ok && ca.withUnsafeBytes { marble_curl_setopt_blob(curl, CURLOPT_CAINFO_BLOB, $0.baseAddress, $0.count) } == CURLE_OK
            }
            if let login {
                long(CURLOPT_HTTPAUTH, Int(marble_curlauth_basic))
                text(CURLOPT_USERNAME, login.user)
                text(CURLOPT_PASSWORD, login.password.text)
            }
            ok = ok && marble_curl_setopt_list(curl, CURLOPT_HTTPHEADER, list) == CURLE_OK
            ok = ok && marble_curl_setopt_ptr(curl, CURLOPT_ERRORBUFFER, errorBuffer.baseAddress) == CURLE_OK
            ok = ok && marble_curl_setopt_data_cb(curl, CURLOPT_HEADERFUNCTION, headerCallback) == CURLE_OK
            ok = ok && marble_curl_setopt_ptr(curl, CURLOPT_HEADERDATA, me) == CURLE_OK
            ok = ok && marble_curl_setopt_data_cb(curl, CURLOPT_WRITEFUNCTION, writeCallback) == CURLE_OK
            ok = ok && marble_curl_setopt_ptr(curl, CURLOPT_WRITEDATA, me) == CURLE_OK
            if let body {
                long(CURLOPT_UPLOAD, 1)
                ok = ok && marble_curl_setopt_off(curl, CURLOPT_INFILESIZE_LARGE, curl_off_t(body.count)) == CURLE_OK
                ok = ok && marble_curl_setopt_data_cb(curl, CURLOPT_READFUNCTION, readCallback) == CURLE_OK
                ok = ok && marble_curl_setopt_ptr(curl, CURLOPT_READDATA, me) == CURLE_OK
            }
            if method == "HEAD" {
                long(CURLOPT_NOBODY, 1)
            } else if method != "GET" && !(method == "PUT" && body != nil) {
                text(CURLOPT_CUSTOMREQUEST, method)
            }
            guard ok else { return CURLE_BAD_FUNCTION_ARGUMENT }
            return withExtendedLifetime(exchange) { curl_easy_perform(curl) }
        }
        if exchange.overLimit { throw .tooLarge(place, limit: limit) }
        guard code == CURLE_OK else {
            let said = String(decoding: errorText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let why = said.isEmpty ? String(cString: curl_easy_strerror(code)) : said
            if code == CURLE_URL_MALFORMAT || code == CURLE_UNSUPPORTED_PROTOCOL { throw .badAddress(place, why: why) }
            if code == CURLE_PEER_FAILED_VERIFICATION || code == CURLE_SSL_CACERT_BADFILE || code == CURLE_SSL_PINNEDPUBKEYNOTMATCH
                || code == CURLE_SSL_CERTPROBLEM || code == CURLE_SSL_ISSUER_ERROR {
                throw .untrusted(place, why: why)
            }
            throw .unreachable(place, why: why)
        }
        var status = 0
        _ = marble_curl_getinfo_long(curl, CURLINFO_RESPONSE_CODE, &status)
        var sent: curl_off_t = 0
        _ = marble_curl_getinfo_off(curl, CURLINFO_SIZE_UPLOAD_T, &sent)
        return WebDAVResponse(status: status != 0 ? status : exchange.status, reason: exchange.reason,
                              headers: exchange.headers, body: exchange.body, uploaded: Int(sent))
    }
}
