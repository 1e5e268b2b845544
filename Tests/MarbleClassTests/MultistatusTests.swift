import MarbleKit
import Testing
@testable import MarbleClass

/// The PROPFIND reader on answers as other servers write them, and on broken ones.
@Suite("Class folder: multistatus and paths")
struct MultistatusTests {
    /// Nextcloud's shape: the `d:` prefix, percent-encoded hrefs with lower-case hex, a 404
    /// propstat for what a folder lacks, an ETag in quotes.
    static let nextcloud = """
        <?xml version="1.0"?>
        <d:multistatus xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns" xmlns:oc="http://owncloud.org/ns">
         <d:response><d:href>/remote.php/dav/files/frau/Klasse%203b/</d:href>
          <d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype><d:getetag>&quot;abc&quot;</d:getetag></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>
          <d:propstat><d:prop><d:getcontentlength/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat>
         </d:response>
         <d:response><d:href>/remote.php/dav/files/frau/Klasse%203b/J%c3%bcrgen/</d:href>
          <d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>
         </d:response>
         <d:response><d:href>https://cloud.example/remote.php/dav/files/frau/Klasse%203b/a%20b.png</d:href>
          <d:propstat><d:prop><d:resourcetype/><d:getcontentlength>1234</d:getcontentlength><d:getetag>"e1"</d:getetag></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>
         </d:response>
        </d:multistatus>
        """

    @Test("Nextcloud's answer: itself dropped, names decoded, folders and sizes known")
    func nextcloud() throws {
        let listing = try #require(Multistatus(Array(Self.nextcloud.utf8)))
        let entries = listing.entries(inFolder: "/remote.php/dav/files/frau/Klasse 3b")
        #expect(entries == [
            ClassEntry(name: "Jürgen", isFolder: true, size: 0, tag: "0-"),
            ClassEntry(name: "a b.png", isFolder: false, size: 1234, tag: "\"e1\""),
        ])
    }

    @Test("broken or hostile XML is refused, never trapped on", arguments: [
        "", "<", "<d:multistatus xmlns:d='DAV:'>", "<a></b>", "<!DOCTYPE x [<!ENTITY e 'x'>]><a>&e;</a>",
        "<a>&bogus;</a>", "<x:a/>", "<a/><b/>", "text", "<a b='1></a>", String(repeating: "<a>", count: 100),
        "<d:propfind xmlns:d='DAV:'/>",
    ])
    func broken(_ text: String) {
        #expect(Multistatus(Array(text.utf8))?.items == nil)
    }

    /// A listing whose hrefs decode to `.` or `..`: no name a class folder can have (a pull
    /// listing a child's folder named `..` stopped there, the whole pull with it). Dropped.
    /// A name with a line end in it is kept, for the pull to name and skip.
    @Test("`.` and `..` are dropped from a listing; a control character's name is kept for the pull to name")
    func impossibleNames() throws {
        func response(_ href: String, folder: Bool = false) -> String {
            "<d:response><d:href>\(href)</d:href><d:propstat><d:prop><d:resourcetype>\(folder ? "<d:collection/>" : "")</d:resourcetype></d:prop>"
                + "<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"
        }
        let hrefs = ["/class/", "/class/..", "/class/%2e%2e/", "/class/.", "/class/a%0Ab.png", "/class/tab%09.png", "/class/ok.png"]
        let body = "<d:multistatus xmlns:d='DAV:'>" + hrefs.map { response($0, folder: $0.hasSuffix("/")) }.joined() + "</d:multistatus>"
        let listing = try #require(Multistatus(Array(body.utf8)))
        // `.` and `..` are dropped; a control character's name is kept, for the pull to name
        // (escaped) and skip, and the look-up to pass by.
        #expect(Set(listing.entries(inFolder: "/class").map(\.name)) == ["a\nb.png", "tab\t.png", "ok.png"])
        // The same when no href is under the folder asked for (a proxy rewrote the prefix).
        #expect(Set(listing.entries(inFolder: "/elsewhere").map(\.name)) == ["a\nb.png", "tab\t.png", "ok.png"])
    }

    @Test("path parts are percent-encoded as UTF-8 and decoded back")
    func paths() {
        #expect(WebDAVPath.encode("Frau Müller") == "Frau%20M%C3%BCller")
        #expect(WebDAVPath.encode("a-b_c.d~e") == "a-b_c.d~e")
        #expect(WebDAVPath.decode("Frau%20M%c3%bcller") == "Frau Müller")
        #expect(WebDAVPath.decode("100%") == "100%")
        #expect(WebDAVPath.decodedPath(ofHref: "http://h:8/a%2Fb/c/") == "/a/b/c")
    }
}

