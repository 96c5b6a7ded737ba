// Benchmarks live here (release mode): `swift run -c release GazetteBench`.
