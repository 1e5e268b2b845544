import Foundation
import MarbleKit
import MarbleTestSupport
import Testing

/// Looking up a code: only in the children's folders, in name order, and never two answers.
@Suite struct ClassLookupTests {
    let code = DrawingCode("K7QX3M")!

    @Test func aPictureAtTheTopDoesNotAnswerACodeBesideTheChildrensFolders() throws {
        let folder = MemoryClassFolder()
        try folder.makeFolder("Ada")
        folder.put("Ada/20261127-101500-a3f9-K7QX3M.png", [1])
        // Anyone with the password can write at the top: z sorts after every child's folder.
        folder.put("z-K7QX3M.png", [2])
        #expect(try ClassLookup.picture(code, in: folder) == "Ada/20261127-101500-a3f9-K7QX3M.png")

        let planted = MemoryClassFolder()
        try planted.makeFolder("Ada")
        planted.put("Ada/20261127-101500-a3f9-ACDEFG.png", [1])
        planted.put("z-K7QX3M.png", [2])
        #expect(try ClassLookup.picture(code, in: planted) == nil)
    }

    @Test func aCodeInTwoChildrensFoldersIsRefusedNamingBoth() throws {
        let folder = MemoryClassFolder()
        try folder.makeFolder("Ben")
        try folder.makeFolder("Ada")
        folder.put("Ben/20261127-101500-a3f9-K7QX3M.png", [1])
        folder.put("Ada/20261127-090000-b4c1-K7QX3M.png", [2])
        #expect {
            try ClassLookup.picture(code, in: folder)
        } throws: { error in
            let text = "\(error)"
            return text.contains("Ada/20261127-090000-b4c1-K7QX3M.png") && text.contains("Ben/20261127-101500-a3f9-K7QX3M.png")
                && text.contains("K7QX3M")
        }
    }

    @Test func aFileDropWithNoChildrensFoldersIsLookedUpAtItsTop() throws {
        let folder = MemoryClassFolder()
        folder.put("20261127-101500-a3f9-K7QX3M.png", [1])
        folder.put("20261127-101500-a3f9-K7QX3M.csv", [1])
        folder.put("20261127-101600-c3d4-ACDEFG.png", [2])
        #expect(try ClassLookup.picture(code, in: folder) == "20261127-101500-a3f9-K7QX3M.png")
        #expect(try ClassLookup.picture(DrawingCode("HJKMNP")!, in: folder) == nil)
        // Two at the top are refused too.
        folder.put("holiday-K7QX3M.png", [3])
        #expect(throws: ClassProblem.self) { try ClassLookup.picture(code, in: folder) }
    }

    @Test func aWrongPasswordStillStopsTheLookUp() throws {
        let folder = MemoryClassFolder()
        folder.fail(.unauthorized("/mnt/class"))
        #expect(throws: ClassProblem.unauthorized("/mnt/class")) { try ClassLookup.picture(code, in: folder) }
    }
}
