#!/usr/bin/env python3
"""MapLang as the map step of Apache Spark (PySpark 4, master local[2]).

usage: check_spark.py MAPLANG RULES [--lines N]

Four routes, each compared with one `maplang run RULES - --ndjson
--inline-rejects` process over the same file (integrations/common.py says
how: mapped records byte-identical, rejects identical but for their line
numbers, which count from the start of each partition):

(a) sc.textFile(path, minPartitions=4).pipe(maplang ...): the RDD route.
(b) spark.read.text(path) -> .rdd.map(lambda r: r.value).pipe(maplang ...)
    -> spark.read.json(...): the DataFrame route; records and rejects are
    told apart by the `$reject` column.
(c) spark.read.option("lineSep", "\\n").text(path), the lines cast to
    BINARY, piped through maplang by pipe_bytes below: the route that loses
    nothing, even on input that is not valid UTF-8 or holds a carriage
    return as JSON white space.
(d) The way back from Spark: the lines saved by saveAsTextFile, gzip-
    compressed, and the folder Spark wrote given to
    `maplang run RULES FOLDER --ndjson --inline-rejects`, which reads the
    part files in order and leaves out _SUCCESS and the hidden .crc files.

Why (c): Spark's text sources decode each line as UTF-8 into a Java string,
replacing bytes that are not UTF-8 with U+FFFD, so a line that maplang
would reject as invalid UTF-8 reaches it as valid text, and may be mapped
with a changed value; and their default line reader (Hadoop's) also ends a
line at a lone carriage return, which JSON allows as white space. The data
of (a) and (b) therefore has neither kind of line; (c) has both, and the
script shows, as notes, what (a) makes of them.

Also worth knowing, and relied on below: PySpark's RDD.pipe starts the
command with an empty environment (no PATH: give the program's path) and,
unless checkCode=True, ignores its exit status, so a mapper that failed
would silently give fewer lines. With --inline-rejects maplang exits 0 when
every line was written, so checkCode=True fails the task only for a real
failure.
"""

import argparse
import gzip
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.dont_write_bytecode = True  # no __pycache__ left in the tree
import common  # noqa: E402  (integrations/common.py)


def pipe_bytes(command):
    """A mapPartitions function: writes each line (bytes) and a newline to
    one `command` process, yields its output lines as str, and fails the
    task if the process exits with a non-zero status. Unlike RDD.pipe it
    keeps every byte, and it keeps the environment (PATH included)."""

    def run(lines):
        import subprocess
        import threading

        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        failure = []

        def feed():
            try:
                for line in lines:
                    process.stdin.write(bytes(line) + b"\n")
            except BaseException as e:  # reported after the output is read
                failure.append(e)
            finally:
                try:
                    process.stdin.close()
                except BrokenPipeError:
                    pass

        writer = threading.Thread(target=feed)
        writer.start()
        for out in process.stdout:
            yield out.rstrip(b"\n").decode("utf-8")
        writer.join()
        status = process.wait()
        if status != 0:
            raise RuntimeError("%s exited with status %d" % (command[0], status))
        if failure:
            raise failure[0]

    return run


def without_nulls(value):
    """A JSON value with the object members whose value is null left out, as
    Spark's DataFrame.toJSON writes rows (null and absent are one there)."""
    if isinstance(value, dict):
        return {k: without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [without_nulls(v) for v in value]
    return value


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("maplang")
    parser.add_argument("rules")
    parser.add_argument("--lines", type=int, default=4000)
    args = parser.parse_args()
    maplang = os.path.abspath(args.maplang)  # RDD.pipe runs it without PATH
    rules = os.path.abspath(args.rules)
    tally = common.Tally("spark")

    import json
    from pyspark.sql import SparkSession
    from pyspark.sql.functions import col

    work = tempfile.mkdtemp(prefix="maplang-spark.")
    spark = None
    try:
        # The data: `clean` for (a) and (b), `full` (with lines that are not
        # UTF-8 and a carriage return as white space) for (c).
        clean = os.path.join(work, "clean.ndjson")
        full = os.path.join(work, "full.ndjson")
        clean_manifest = common.generate(os.path.dirname(HERE), clean, args.lines)
        full_manifest = common.generate(os.path.dirname(HERE), full, args.lines,
                                        "--invalid-utf8", "--raw-cr")
        with open(clean, "rb") as f:
            clean_lines = common.lines_of(f.read())
        with open(full, "rb") as f:
            full_lines = common.lines_of(f.read())

        # What one process writes.
        expected = {}
        for name, path, lines, manifest in (("clean", clean, clean_lines, clean_manifest),
                                             ("full", full, full_lines, full_manifest)):
            out, err, status = common.run_single(maplang, rules, path)
            tally.check("one process over %s data exits 0 (status %d)" % (name, status),
                        status == 0, err.strip()[-500:])
            expected[name] = common.lines_of(out)
            common.check_manifest(tally, "one process over %s data" % name, expected[name],
                                  lines, manifest)

        # Partitions of about a quarter of the file for the DataFrame
        # routes, as textFile's minPartitions=4 gives for (a).
        split = max(64 * 1024, os.path.getsize(clean) // 4)
        spark = (SparkSession.builder.master("local[2]").appName("maplang-integration")
                 .config("spark.ui.enabled", "false")
                 .config("spark.ui.showConsoleProgress", "false")
                 .config("spark.sql.files.maxPartitionBytes", str(split))
                 .config("spark.sql.files.openCostInBytes", "0")
                 .getOrCreate())
        sc = spark.sparkContext
        sc.setLogLevel("ERROR")
        command = common.maplang_command(maplang, rules)
        command_line = " ".join(shlex.quote(a) for a in command)

        # (a) sc.textFile(...).pipe(...)
        print("-- (a) sc.textFile(path, minPartitions=4).pipe(maplang ...)", flush=True)
        rdd = sc.textFile(clean, minPartitions=4)
        pieces = rdd.glom().map(len).collect()
        tally.check("(a) the file is read as %d partitions (at least 4)" % len(pieces),
                    len(pieces) >= 4)
        spark_lines = [line.encode("utf-8") for line in rdd.collect()]
        tally.check("(a) Spark's lines are exactly the file's lines", spark_lines == clean_lines)
        piped = rdd.pipe(command_line, checkCode=True)
        actual = [line.encode("utf-8") for part in piped.glom().collect() for line in part]
        common.compare_outputs(tally, "(a)", expected["clean"], actual, clean_lines, pieces)

        # (b) spark.read.text -> rdd.pipe -> spark.read.json
        print("-- (b) spark.read.text -> .rdd.map(value).pipe(maplang ...) -> spark.read.json",
              flush=True)
        lines_rdd = spark.read.text(clean).rdd.map(lambda row: row.value)
        pieces = lines_rdd.glom().map(len).collect()
        tally.check("(b) the file is read as %d partitions (more than 1)" % len(pieces),
                    len(pieces) > 1)
        # cache(): the checks and spark.read.json's schema inference each
        # read `piped`; without it each would run the mappers again.
        piped = lines_rdd.pipe(command_line, checkCode=True).cache()
        actual = [line.encode("utf-8") for part in piped.glom().collect() for line in part]
        common.compare_outputs(tally, "(b) the piped lines", expected["clean"], actual,
                               clean_lines, pieces)
        # FAILFAST: a line Spark cannot read as JSON stops the job instead of
        # landing in a _corrupt_record column.
        frame = spark.read.option("mode", "FAILFAST").json(piped)
        records = frame.filter(col("`$reject`").isNull()).drop("$reject")
        rejects = frame.filter(col("`$reject`").isNotNull()).select("`$reject`.*")
        want_records = [without_nulls(json.loads(line)) for line in expected["clean"]
                        if not common.is_reject(line)]
        got_records = [json.loads(row) for row in records.toJSON().collect()]
        tally.check("(b) %d records in the DataFrame, in input order, equal one process's"
                    " (nulls left out, as toJSON writes them)" % len(got_records),
                    got_records == want_records,
                    "%d records, expected %d" % (len(got_records), len(want_records)))
        want_rejects = [common.reject_of(line) for line in expected["clean"]
                        if common.is_reject(line)]
        got_rejects = rejects.select("text", "errors.code").collect()
        tally.check("(b) %d rejects in the DataFrame: the lines one process rejects, with"
                    " the same error codes" % len(got_rejects),
                    [(r.text, list(r.code)) for r in got_rejects]
                    == [(r["text"], [e["code"] for e in r["errors"]]) for r in want_rejects])
        tally.check("(b) lines = records + rejects (%d = %d + %d)"
                    % (len(clean_lines), len(got_records), len(got_rejects)),
                    len(clean_lines) == len(got_records) + len(got_rejects))

        # (c) the bytes route, over data with lines that are not UTF-8 and
        # a carriage return inside a line.
        print("-- (c) spark.read.option(lineSep=\\n).text, cast to BINARY, pipe_bytes(maplang ...)",
              flush=True)
        binary = (spark.read.option("lineSep", "\n").text(full)
                  .selectExpr("CAST(value AS BINARY) AS value")
                  .rdd.map(lambda row: bytes(row.value)))
        pieces = binary.glom().map(len).collect()
        tally.check("(c) the file is read as %d partitions (more than 1)" % len(pieces),
                    len(pieces) > 1)
        tally.check("(c) Spark's lines are exactly the file's bytes", binary.collect() == full_lines)
        actual = [line.encode("utf-8")
                  for part in binary.mapPartitions(pipe_bytes(command)).glom().collect()
                  for line in part]
        common.compare_outputs(tally, "(c)", expected["full"], actual, full_lines, pieces)

        # (d) The way back: a folder Spark wrote, gzip-compressed, read by
        # maplang itself. Its part files are mapped in name order, which is
        # partition order; _SUCCESS and the hidden .crc files are left out.
        print("-- (d) maplang run RULES FOLDER over the gzip part files Spark wrote", flush=True)
        folder = os.path.join(work, "written")
        sc.textFile(clean, minPartitions=4).saveAsTextFile(
            folder, compressionCodecClass="org.apache.hadoop.io.compress.GzipCodec")
        names = sorted(os.listdir(folder))
        parts = [n for n in names if n.startswith("part-")]
        tally.check("(d) Spark wrote %d gzip parts, _SUCCESS and .crc files" % len(parts),
                    len(parts) >= 4 and all(n.endswith(".gz") for n in parts)
                    and "_SUCCESS" in names and any(n.endswith(".crc") for n in names))
        pieces = []
        for n in parts:
            with gzip.open(os.path.join(folder, n)) as f:
                pieces.append(len(common.lines_of(f.read())))
        run = subprocess.run([maplang, "run", rules, folder, "--ndjson", "--inline-rejects"],
                             capture_output=True)
        tally.check("(d) maplang exits 0 (status %d)" % run.returncode, run.returncode == 0,
                    run.stderr.decode("utf-8", "replace")[-300:])
        actual = common.lines_of(run.stdout)
        common.compare_outputs(tally, "(d)", expected["clean"], actual, clean_lines, pieces,
                               names=True)
        owners = [os.path.join(folder, n) for n, count in zip(parts, pieces) for _ in range(count)]
        wrong = [i + 1 for i, line in enumerate(actual)
                 if common.is_reject(line) and i < len(owners)
                 and common.reject_of(line)["file"] != owners[i]]
        tally.check("(d) each reject names the part file it came from", not wrong,
                    "input lines %s" % wrong[:10])

        # What route (a) makes of the same data: notes, not checks.
        text_lines = sc.textFile(full, minPartitions=4).collect()
        bad = full_manifest["kinds"]["invalid-utf8"]
        tally.note("sc.textFile over the data of (c) gives %d lines for the file's %d: each"
                   " carriage return inside a line makes two" % (len(text_lines), len(full_lines)))
        tally.note("lines that are not UTF-8: %d in the file; lines holding U+FFFD in place of"
                   " the byte 0xE9: %d from sc.textFile, which maplang sees as valid JSON"
                   % (len(bad), sum("\ufffd" in line for line in text_lines)))
    finally:
        if spark is not None:
            spark.stop()
        shutil.rmtree(work, ignore_errors=True)
    return tally.finish()


if __name__ == "__main__":
    sys.exit(main())
