// libFuzzer target: see `FuzzEntryPoints.mapping` in Sources/MapLangFuzzing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMapping(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzEntryPoints.mapping(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
