import MarbleKit

/// A claim on a name: a folder of its own beside the name, made by MKCOL and removed after the
/// file is moved to that name, so that of several machines creating one name at once exactly
/// one is told `.created`.
///
/// Apache's mod_dav checks `Overwrite: F` and `If-None-Match` a moment before it renames, not
/// atomically: two MOVEs to one name at the same instant can both succeed (2 to 9 of 20
/// creators were told `.created`). An exclusive LOCK was tried first and is no better there:
/// mod_dav checks for other locks and adds its own in two steps of its lock database, and on
/// a busy machine 2 to 20 of 20 LOCKs of one URL at once were granted. MKCOL is `mkdir(2)` on
/// the server's disk, which the file system does atomically: Apache answers one 201 and the
/// others 405, or 403 when its own existence check came before the winner's mkdir (40 rounds
/// of 20 on a busy machine: 40 × 201, 732 × 405, 28 × 403); lighttpd answers one request at a
/// time. And MKCOL is WebDAV class 1, so servers without locks (lighttpd without a lock
/// database, Nextcloud) take claims too; a LOCK would also have left an empty resource at the
/// URL (RFC 4918) that a listing shows.
struct WebDAVClaim {
    /// The claim's own path parts (beside the file it claims).
    var parts: [String]
}

extension WebDAVTransport {
    /// The claim's name for a file's name: a hidden name of fixed length, from a hash of it.
    ///
    /// Not a name a listing takes for a drawing: it starts with `.marble-` (which `list` never
    /// shows) and has no `.png`; short whatever the name's length. Two names with one hash only
    /// wait for each other.
    static func claimName(for name: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
        for byte in name.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return ".marble-claim-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Claims the name `parts` for a MOVE: the claim, or nil when this server makes no claims.
    ///
    /// MKCOL answered 201 is the claim. 405, 403 or 500 with the claim's folder there is another
    /// creator's claim: asked again every few dozen milliseconds (at random, so waiters do not
    /// ask in step) until it is removed. A 405 with nothing there, again and again and never a
    /// claim seen, means MKCOL is not allowed here; that, and any other answer (501, 507),
    /// leave the create unclaimed, as before claims (the race narrowed, not closed). A real
    /// problem of the folder (401, 404, 409) is met by the MOVE after, and named there.
    ///
    /// A claim is held for one MOVE, milliseconds; one seen unchanged (its tag and date) for all
    /// of `claimPatience` was left by a machine that crashed or lost its network in between,
    /// and is removed: that is a crashed machine's claim expiring. Only a claim seen for the
    /// whole patience is removed, never one first seen later, so of waiters that reach the
    /// patience at once none removes the claim another has just made.
    ///
    /// - Throws: `.server(…, 423)` when claims keep being held for three patiences (one that
    ///   cannot be removed); the courier tries again later. `.unreachable` as any request.
    func claim(_ parts: [String], as path: String) throws(ClassProblem) -> WebDAVClaim? {
        let claim = Array(parts.dropLast()) + [Self.claimName(for: parts.last ?? "")]
        let started = POSIX.monotonicSeconds()
        var holder: (tag: String, since: Double)? = nil  // another's claim, as first seen
        var missing = 0
        var sawClaim = false
        var random = SystemRandomNumberGenerator()
        while true {
            let answer = try send("MKCOL", claim, folder: true)
            switch answer.status {
            case 201:
                return WebDAVClaim(parts: claim)
            case 403, 405, 500:
                let now = POSIX.monotonicSeconds()
                guard now - started < 3 * claimPatience else {
                    throw .server(place(path), status: 423, reason: "another machine is creating this name (its claim is \(place(claim.joined(separator: "/"))))")
                }
                if holder.map({ now - $0.since >= claimPatience }) ?? true {
                    guard let tag = try claimTag(claim) else {
                        // Refused, and nothing there: the claim was removed just now (the next
                        // MKCOL makes it; with twenty creators claims come and go quickly), or
                        // MKCOL is not allowed here: taken to be that only when no claim was
                        // ever seen in twenty tries.
                        missing += 1
                        if missing >= 20 && !sawClaim { return nil }
                        holder = nil
                        POSIX.sleep(seconds: Double.random(in: 0.01...0.06, using: &random))
                        continue
                    }
                    sawClaim = true
                    if let seen = holder, seen.tag == tag {
                        _ = try send("DELETE", claim, folder: true)
                        holder = nil
                        continue
                    }
                    holder = (tag, now)  // a claim first seen, or another since: its time starts now
                }
                POSIX.sleep(seconds: Double.random(in: 0.01...0.06, using: &random))
            default:
                return nil
            }
        }
    }

    /// What tells one claim from the next made under its name: its tag and date, by PROPFIND;
    /// nil when there is none.
    func claimTag(_ claim: [String]) throws(ClassProblem) -> String? {
        let answer = try send("PROPFIND", claim, folder: true, headers: ["Depth: 0", "Content-Type: application/xml; charset=utf-8"],
                              body: Multistatus.question)
        guard answer.status == 207, let item = Multistatus(answer.body)?.items.first else { return nil }
        return (item.etag ?? "") + " " + (item.modified ?? "")
    }

    /// Gives a claim up: its folder removed. A claim not given up (the answer is ignored) is
    /// removed by the next creator of that name after its patience.
    func release(_ claim: WebDAVClaim) {
        _ = try? send("DELETE", claim.parts, folder: true)
    }
}
