import MapLangCLI
import Testing

/// `maplang test --error-format json`: one object a test and a summary on
/// standard output; problems as the other commands' objects on standard error.
struct CLITestFormatTests {
    typealias F = CLITestFixtures

    @Test func oneObjectATestAndASummary() {
        let files = [
            "r.map": F.failing, "tests/t/input.json": #"{"id": 1, "name": "a"}"#,
            "tests/t/expected.json": #"{"id": 1, "name": "a", "tags": []}"#,
        ]
        let (outcome, _) = CLIHarness.run(["test", "--error-format", "json", "r.map"], files: files)
        CLIHarness.expect(
            outcome,
            stdout: #"""
                {"type":"test","result":"fail","file":"r.map","test":"differs","line":9,"column":1,"differences":[{"path":"$[0].name","kind":"changed","expected":"z","found":"a","message":"$[0].name: expected \"z\", found \"a\""},{"path":"$[0].tags[1]","kind":"unexpected-element","found":"y","message":"$[0].tags[1]: unexpected element, found \"y\""},{"path":"$[0].note","kind":"missing-key","expected":null,"message":"$[0].note: missing key, expected null"},{"path":"$[1]","kind":"unexpected-element","found":{"id":2,"name":"b","tags":[]},"message":"$[1]: unexpected element, found {\"id\":2,\"name\":\"b\",\"tags\":[]}"}],"moreDifferences":0,"missingErrors":[],"unexpectedErrors":[]}
                {"type":"test","result":"fail","file":"r.map","test":"errors differ","line":14,"column":1,"differences":[],"moreDifferences":0,"missingErrors":[{"code":"missing-key","path":"$[1].name","message":"another message"}],"unexpectedErrors":[{"code":"missing-key","path":"$[1].name","message":"missing required key `name`"}]}
                {"type":"test","result":"fail","file":"r.map","test":"one record fails","line":22,"column":1,"differences":[{"path":"$","kind":"no-output","expected":{"id":0,"name":"a","tags":[]},"message":"$: no output, expected {\"id\":0,\"name\":\"a\",\"tags\":[]}"}],"moreDifferences":0,"missingErrors":[],"unexpectedErrors":[{"code":"out-of-range","path":"$.id","message":"0 is not in 1..."}]}
                {"type":"test","result":"pass","file":"r.map","test":"passes","line":27,"column":1}
                {"type":"test","result":"pass","file":"r.map","test":"tests/t","line":null,"column":null}
                {"type":"summary","passed":2,"failed":3,"updated":0,"notRun":0}

                """#, status: 1)
    }

    @Test func problemsAndTestsNotRun() {
        let files = ["bad.map": "model A { a: Strin }\n", "ok/r.map": F.passing, "ok/tests/t/expected.json": "{}"]
        let (outcome, _) = CLIHarness.run(["test", "--error-format", "json", "bad.map", "ok", "none"], files: files)
        CLIHarness.expect(
            outcome,
            stdout: """
                {"type":"test","result":"pass","file":"ok/r.map","test":"an order","line":9,"column":1}
                {"type":"test","result":"not-run","file":"ok/r.map","test":"tests/t","line":null,"column":null,"message":"it has no `input.json`"}
                {"type":"summary","passed":1,"failed":0,"updated":0,"notRun":1}

                """,
            stderr: """
                {"type":"error","message":"cannot read `none`: No such file or directory"}
                {"type":"diagnostic","severity":"error","code":"unknown-type","message":"unknown type `Strin`","file":"bad.map","line":1,"column":14,"endLine":1,"endColumn":19,"labels":[],"notes":[],"help":"did you mean `String`?"}

                """, status: 65)
    }
}
