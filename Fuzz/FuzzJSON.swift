// libFuzzer target: see `FuzzEntryPoints.json` in Sources/MapLangFuzzing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzEntryPoints.json(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
