import Foundation
@testable import MapLangBench
import Testing

/// Where the benchmark writes its data: folders no one else can have made.
struct BenchmarkTemporaryFolderTests {
    @Test func eachFolderIsNewEmptyAndTheUsersAlone() throws {
        var folders: [String] = []
        defer { for folder in folders { try? FileManager.default.removeItem(atPath: folder) } }
        folders.append(try Benchmark.temporaryFolder())
        folders.append(try Benchmark.temporaryFolder())
        #expect(folders[0] != folders[1])
        let parent = URL(fileURLWithPath: NSTemporaryDirectory()).standardizedFileURL.path
        for folder in folders {
            let url = URL(fileURLWithPath: folder)
            #expect(url.deletingLastPathComponent().standardizedFileURL.path == parent)
            #expect(url.lastPathComponent.hasPrefix("maplang-bench-"))
            #expect(url.lastPathComponent.count == "maplang-bench-".count + 6)
            #expect(!folder.contains("//"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
            let attributes = try FileManager.default.attributesOfItem(atPath: folder)
            #expect(attributes[.type] as? FileAttributeType == .typeDirectory)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
            #expect((attributes[.ownerAccountID] as? NSNumber)?.uint32Value == getuid())
        }
    }
}
