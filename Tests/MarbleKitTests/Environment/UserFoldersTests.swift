import MarbleKit
import Testing

/// The one XDG lookup: the store, the settings and the pictures, from the variables alone.
@Suite("User folders")
struct UserFoldersTests {
    @Test("XDG variables win when absolute; HOME fills in the rest")
    func xdgThenHome() {
        let all = UserFolders(variables: ["HOME": "/h", "XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "/c", "XDG_PICTURES_DIR": "/p"])
        #expect(all == UserFolders(variables: ["HOME": "/x", "XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "/c", "XDG_PICTURES_DIR": "/p"]))
        #expect(all.store == "/d/marble")
        #expect(all.settings == "/c/marble/settings.json")
        #expect(all.pictures == "/p/Marble")

        let home = UserFolders(variables: ["HOME": "/h", "XDG_CONFIG_HOME": "relative", "XDG_PICTURES_DIR": ""])
        #expect(home.store == "/h/.local/share/marble")
        #expect(home.settings == "/h/.config/marble/settings.json", "a relative XDG path is ignored, as the spec says")
        #expect(home.pictures == "/h/Pictures/Marble")
    }

    @Test("MARBLE_HOME names the store and nothing else")
    func marbleHome() {
        let f = UserFolders(variables: ["HOME": "/h", "MARBLE_HOME": "/m", "XDG_DATA_HOME": "/d"])
        #expect(f.store == "/m")
        #expect(f.settings == "/h/.config/marble/settings.json")
    }
}
