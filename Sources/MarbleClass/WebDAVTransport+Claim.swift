import MarbleKit

/// A claim on a name: an exclusive WebDAV write lock (RFC 4918 class 2) held while the file
/// is moved to that name, so that of several machines creating one name at once exactly one
/// is told `.created`.
///
/// Apache's mod_dav checks `Overwrite: F` and `If-None-Match` a moment before it renames, not
/// atomically: two MOVEs to one name at the same instant can both succeed (2 to 9 of 20
/// creators were told `.created`). Its LOCK, though, checks and records the lock under one
/// exclusive hold of its lock database, and lighttpd answers one request at a time: of twenty
/// LOCKs of one URL at once exactly one is granted, the others get 423 Locked.
struct WebDAVClaim {
    /// The claim's own path parts (beside the file it claims).
    var parts: [String]
    /// The lock's token, as the server wrote it in `Lock-Token:` (with its angle brackets).
    var token: String
}

extension WebDAVTransport {
    /// How long a claim lasts when its holder never releases it (a machine that crashed or lost
    /// its network mid-create): the server drops the lock then (Apache does; see `claim` for
    /// lighttpd). The claim is held only around the MOVE (a rename, milliseconds), never
    /// around an upload, so a minute is generous.
    static let claimTimeout = "Second-60"

    /// What LOCK sends: an exclusive write lock, owned by marble (shown by a server's lock
    /// discovery, for a teacher wondering what holds a name).
    static let lockQuestion: [UInt8] = Array("""
        <?xml version="1.0" encoding="utf-8"?>
        <D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>marble-class</D:owner></D:lockinfo>
        """.utf8)

    /// The claim's name for a file's name: a hidden name of fixed length, from a hash of it.
    ///
    /// Not the file's own name: RFC 4918 has a LOCK of an unmapped URL make an empty resource
    /// there (lighttpd makes an empty file; Apache a "lock-null" resource that PROPFIND lists),
    /// which another creator's `If-None-Match: *` or a teacher's listing would take for the
    /// drawing itself. The claim's name starts with a dot and has no `.png`, so a class pull
    /// (which takes `*.png`) never reads it, and it is short whatever the name's length. Two
    /// names with one hash only wait for each other.
    static func claimName(for name: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
        for byte in name.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return ".marble-claim-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Claims the name `parts` for a MOVE: the claim, or nil when this server does not lock.
    ///
    /// A LOCK answered 200 or 201 with a `Lock-Token` is the claim. 423 Locked is another
    /// creator's claim: asked again every few dozen milliseconds (at random, so waiters do not
    /// ask in step) until it is released or has expired.
    ///
    /// Any other answer means the server does not lock here, and the create goes on unclaimed
    /// as before locks (the race stays narrowed, not closed): that is how a class 1 server is
    /// told apart, by the LOCK itself rather than by an OPTIONS first (one request fewer, and a
    /// server's `DAV:` header may promise class 2 where a folder has no lock database). A
    /// server without LOCK answers 405 or 501 (a method not allowed, not known); lighttpd
    /// without a lock database answers 500, after making the empty file (the tests' `nolock/`),
    /// which is removed again; a share without the right may answer 403. A real problem of
    /// the folder (401, 404, 507) is met by the MOVE after, and named there.
    ///
    /// A claim is held for one MOVE, milliseconds; one held by the same token for all of
    /// `claimPatience` was left by a machine that crashed or lost its network in between, and
    /// is broken (UNLOCK with the token its lock discovery shows) instead of waited out:
    /// lighttpd 1.4 never expires a lock (it stores `CURRENT_TIME + seconds`, a time of day as
    /// a number), so there the name would stay claimed for good. Only a token seen held for
    /// the whole patience is broken, never one first seen later: of waiters that all reach the
    /// patience at once, none breaks the claim another has just taken.
    ///
    /// - Throws: `.server(…, 423)` when claims keep being held for three patiences (a claim
    ///   that cannot be broken); the courier tries again later. `.unreachable` as any request.
    func claim(_ parts: [String], as path: String) throws(ClassProblem) -> WebDAVClaim? {
        let claim = Array(parts.dropLast()) + [Self.claimName(for: parts.last ?? "")]
        let headers = ["Timeout: " + Self.claimTimeout, "Depth: 0", "Content-Type: application/xml; charset=utf-8"]
        let started = POSIX.monotonicSeconds()
        var holder: (token: String?, since: Double)? = nil  // another's claim, as first seen
        var random = SystemRandomNumberGenerator()
        while true {
            let answer = try send("LOCK", claim, headers: headers, body: Self.lockQuestion)
            switch answer.status {
            case 200, 201:
                guard let token = answer.headers["lock-token"], !token.isEmpty else { return nil }
                return WebDAVClaim(parts: claim, token: token.hasPrefix("<") ? token : "<" + token + ">")
            case 423:
                let now = POSIX.monotonicSeconds()
                guard now - started < 3 * claimPatience else {
                    throw .server(place(path), status: 423, reason: "another machine is creating this name (its claim is \(place(claim.joined(separator: "/"))))")
                }
                if holder == nil {
                    holder = (try lockToken(of: claim), now)
                } else if let seen = holder, now - seen.since >= claimPatience {
                    let token = try lockToken(of: claim)
                    if let token, token == seen.token {
                        _ = try send("UNLOCK", claim, headers: ["Lock-Token: <" + token + ">"])
                        holder = nil
                        continue
                    }
                    holder = (token, now)  // another holder since: its time starts now
                }
                POSIX.sleep(seconds: Double.random(in: 0.01...0.06, using: &random))
            default:
                _ = try? send("DELETE", claim)
                return nil
            }
        }
    }

    /// The token of the lock on a claim, from its lock discovery; nil when none is shown.
    func lockToken(of claim: [String]) throws(ClassProblem) -> String? {
        let question = Array("""
            <?xml version="1.0" encoding="utf-8"?>
            <D:propfind xmlns:D="DAV:"><D:prop><D:lockdiscovery/></D:prop></D:propfind>
            """.utf8)
        let answer = try send("PROPFIND", claim, headers: ["Depth: 0", "Content-Type: application/xml; charset=utf-8"], body: question)
        guard answer.status == 207, let found = Multistatus(answer.body) else { return nil }
        return found.items.first?.lockTokens.first
    }

    /// Gives a claim up: UNLOCK, then DELETE of the claim's name.
    ///
    /// On Apache the UNLOCK alone removes the lock-null resource; on lighttpd the LOCK made an
    /// empty file, which the DELETE removes. The DELETE comes after the UNLOCK and carries no
    /// token: if another creator locked the name in between, the server refuses it (423) and
    /// the file is theirs to remove; a DELETE can only ever remove an unclaimed claim. Both
    /// answers are ignored: a claim not given up expires (`claimTimeout`), and an empty
    /// hidden file left behind is claimed and removed by the next creator of that name.
    func release(_ claim: WebDAVClaim) {
        _ = try? send("UNLOCK", claim.parts, headers: ["Lock-Token: " + claim.token])
        _ = try? send("DELETE", claim.parts)
    }
}
