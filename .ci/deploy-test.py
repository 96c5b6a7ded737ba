#!/usr/bin/env python3
"""Publishing only what changed, for real (issue 67, point 4): a site of generated athletes
deployed a day apart on the clock, through the deployers users reach for.

1. `rclone sync --checksum` to an S3-compatible server started here (moto's server, from PyPI's
   `moto[server]`), configured by RCLONE_CONFIG_* environment variables as a user's CI would. The
   site is deployed after two settling builds; a day later with nothing changed; then a day later
   with one athlete's log changed. Each sync's uploads and deletions are read from rclone's JSON
   log and must be exactly the files whose digests changed between the two builds'
   `manifest.json` and `record.json` files (what a deploy script reads), the changed ones being
   that report's files and the site's own (front pages, feed, search index, manifest); the bucket
   then holds the site (`rclone check`, by MD5). No file count is written down here: what was
   sent is compared with what the manifests say changed.
2. GitHub Pages' artifact: the tar that actions/upload-pages-artifact makes (GNU tar with its
   action.yml's options, run here on the built site), made after the same builds. Rebuilt on the
   same clock into the same output it is the same bytes; built on the same clock into a fresh
   output with the site's histories (a fresh runner), every member's content is the same; a day
   later, the members whose content differs are exactly the files the manifests say changed, the
   others differing at most by their time. No member is a link, and every file is in it.

Usage: deploy-test.py GAZETTE [ATHLETES]      Needs rclone, GNU tar and moto_server on PATH.
"""
import calendar
import hashlib
import json
import os
import pathlib
import random
import shutil
import socket
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request

DAYS = ["2026-12-01T06:00:00Z", "2026-12-02T06:00:00Z", "2026-12-03T06:00:00Z", "2026-12-04T06:00:00Z"]
REMOTE = "GAZETTES3"
BUCKET = "reports"
LIFTS = ["Back Squat", "Bench Press", "Deadlift", "Overhead Press", "Barbell Row", "Front Squat"]
# The site's own files: every build that publishes may rewrite these, whichever report changed.
SITE_WIDE = ("index.html", "manifest.json", "feed.xml", "sitemap.xml")
SITE_WIDE_FOLDERS = ("pages/", "search/")


def fail(message):
    print(f"deploy-test: {message}")
    sys.exit(1)


def is_site_wide(path):
    return path in SITE_WIDE or path.startswith(SITE_WIDE_FOLDERS)


def write_logs(folder, athletes):
    """240-line logs of three lifts, as GazetteBench's typical athlete, dated an hour back: a build
    does not vouch by its stat for a file changed within two seconds of it."""
    folder.mkdir(parents=True)
    for athlete in range(1, athletes + 1):
        rng = random.Random(athlete)
        lifts = rng.sample(LIFTS, 3)
        day = calendar.timegm((2026, 11, 30, 12, 0, 0))
        lines = []
        while len(lines) < 240:
            stamp = time.strftime("%b %d %Y", time.gmtime(day))
            for lift in lifts:
                for _ in range(4):
                    lines.append(f"{stamp},{lift},1,{rng.randint(1, 12)},{rng.randint(20, 80) * 2.5:.1f}")
            day -= 86400 * rng.choice([1, 2, 2, 3])
        log = folder / f"athlete-{athlete}.txt"
        log.write_text("\n".join(lines[:240]) + "\n")
        back = time.time() - 3600
        os.utime(log, (back, back))


def write_job(work, athletes):
    reports = "".join(
        f"  - {{kind: workouts, title: Athlete {n}, input: logs/athlete-{n}.txt}}\n" for n in range(1, athletes + 1))
    (work / "job.yml").write_text(f"title: Gym\nbase-url: https://reports.example.org/gym\nreports:\n{reports}")


def build(gazette, work, now, output="site", cache="cache", options=()):
    """Builds the job into `output` on the clock `now`; the build's "reports: N of M reused whole"."""
    result = subprocess.run(
        [gazette, "build", "job.yml", "--now", now, "--output", output, "--jobs", "2", "--verbose", *options],
        cwd=work, env={**os.environ, "XDG_CACHE_HOME": str(work / cache)}, capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"gazette build --now {now} failed:\n{result.stdout}{result.stderr}")
    for line in reversed(result.stdout.splitlines() + result.stderr.splitlines()):
        if "reused whole" in line:
            return line[line.index("reports: "):].strip()
    return "no reuse said"


def digests(site):
    """Every file of the site by path with its SHA-256, as manifest.json and the records list them."""
    manifest = json.loads((site / "manifest.json").read_text())
    files = {entry["path"]: entry["sha256"] for entry in manifest["files"]}
    files["manifest.json"] = hashlib.sha256((site / "manifest.json").read_bytes()).hexdigest()
    for report in manifest["reports"]:
        files[report["path"]] = report["sha256"]
        record = json.loads((site / report["path"]).read_text())
        for entry in record["files"]:
            files[entry["path"]] = entry["sha256"]
    on_disk = {str(p.relative_to(site)) for p in site.rglob("*") if p.is_file()}
    if on_disk != set(files):
        fail(f"the manifest and records do not list the site: {sorted(on_disk ^ set(files))[:10]}")
    return files


def changes(before, after):
    """What a deploy must send and delete, by the manifests' digests."""
    sent = {path for path, digest in after.items() if before.get(path) != digest}
    return sent, set(before) - set(after)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_moto(work):
    port = free_port()
    log = open(work / "moto.log", "w")
    server = subprocess.Popen(
        ["moto_server", "-H", "127.0.0.1", "-p", str(port)], stdout=log, stderr=subprocess.STDOUT)
    endpoint = f"http://127.0.0.1:{port}"
    direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: never a proxy
    for _ in range(150):
        if server.poll() is not None:
            fail(f"moto_server ended at once:\n{(work / 'moto.log').read_text()}")
        try:
            direct.open(endpoint + "/", timeout=1).read()
            return server, endpoint
        except OSError:
            time.sleep(0.2)
    server.terminate()
    fail("moto_server did not answer within 30 s")


def rclone(*arguments):
    result = subprocess.run(["rclone", *arguments], capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"rclone {' '.join(arguments)} failed:\n{result.stdout}{result.stderr}")
    return result


def rclone_sync(site, remote=f"{REMOTE}:{BUCKET}", *options):
    """Syncs the site to the bucket; the objects rclone uploaded and deleted, from its JSON log, and
    its final stats."""
    result = rclone("sync", "--checksum", "-v", "--use-json-log", *options, str(site), remote)
    uploaded, deleted, stats = set(), set(), None
    for line in result.stderr.splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            fail(f"rclone wrote a line that is not JSON: {line}")
        message = entry.get("msg", "")
        if message.startswith("Copied ("):
            uploaded.add(entry["object"])
        elif message == "Deleted":
            deleted.add(entry["object"])
        if "stats" in entry:
            stats = entry["stats"]
    if stats is None:
        fail(f"rclone gave no stats:\n{result.stderr[-2000:]}")
    if stats.get("transfers") != len(uploaded) or stats.get("deletes", 0) != len(deleted):
        fail(f"rclone's stats ({stats}) disagree with its log ({len(uploaded)} copied, {len(deleted)} deleted)")
    return uploaded, deleted, stats


def check_bucket(site):
    """The bucket holds the site: every object's size and MD5 (its ETag) equal the file's."""
    rclone("check", "--one-way", "--checksum", str(site), f"{REMOTE}:{BUCKET}")
    rclone("check", "--checksum", str(site), f"{REMOTE}:{BUCKET}")
    listed = json.loads(rclone("lsjson", "-R", "--files-only", "--hash", f"{REMOTE}:{BUCKET}").stdout)
    for entry in listed:
        md5 = hashlib.md5((site / entry["Path"]).read_bytes()).hexdigest()
        if entry.get("Hashes", {}).get("md5") != md5:
            fail(f"{entry['Path']}: the server's MD5 {entry.get('Hashes')} is not the file's {md5}")
    return len(listed)


def expect(what, sent, deleted, expected_sent, expected_deleted):
    if sent != expected_sent or deleted != expected_deleted:
        fail(
            f"{what}: rclone sent {sorted(sent ^ expected_sent)[:20]} more or fewer than the manifests say changed, "
            f"deleted {sorted(deleted ^ expected_deleted)[:20]} more or fewer")


def report_only(what, paths, slug):
    strays = sorted(p for p in paths if not is_site_wide(p) and not p.startswith(slug + "/"))
    if strays:
        fail(f"{what}: files of reports that did not change: {strays[:20]}")
    if f"{slug}/index.html" not in paths or "index.html" not in paths:
        fail(f"{what}: {slug}/index.html and index.html should be among {sorted(paths)}")


def same_size_sent(sent, before_site_sizes, site):
    """The sent files whose size did not change: only a checksum tells those apart."""
    return sorted(p for p in sent if before_site_sizes.get(p) == (site / p).stat().st_size)


def sizes(site):
    return {str(p.relative_to(site)): p.stat().st_size for p in site.rglob("*") if p.is_file()}


def pages_artifact(site, tar_path):
    """The tar actions/upload-pages-artifact makes on Linux, made with its action.yml's `tar`
    options (hidden files left out, as by default): its SHA-256 and its members."""
    subprocess.run(
        ["tar", "--dereference", "--hard-dereference", "--directory", str(site), "-cf", str(tar_path),
         "--exclude=.git", "--exclude=.github", "--exclude=.[^/]*", "."], check=True)
    members = {}
    with tarfile.open(tar_path) as tar:
        for member in tar.getmembers():
            name = member.name[2:] if member.name.startswith("./") else member.name
            if member.isfile():
                content = hashlib.sha256(tar.extractfile(member).read()).hexdigest()
            elif member.isdir():
                content = "folder"
            else:
                fail(f"the artifact holds {member.name}, neither a file nor a folder (Pages takes no links)")
            members[name or "."] = {"content": content, "mode": member.mode, "mtime": member.mtime,
                                    "owner": (member.uid, member.gid, member.uname, member.gname)}
    files = {name for name, member in members.items() if member["content"] != "folder"}
    on_disk = set(sizes(site))
    if files != on_disk:
        fail(f"the artifact leaves out or adds files: {sorted(files ^ on_disk)[:10]}")
    return hashlib.sha256(tar_path.read_bytes()).hexdigest(), members


def artifact_changes(before, after):
    """The members whose content differs (or that one side lacks), and those whose header alone
    differs; a header may differ by its time alone, never by its mode or owner."""
    content = {name for name in set(before) | set(after)
               if name not in before or name not in after or before[name]["content"] != after[name]["content"]}
    header = set()
    for name in set(before) & set(after) - content:
        if before[name] != after[name]:
            if {key for key in before[name] if before[name][key] != after[name][key]} != {"mtime"}:
                fail(f"the artifact's {name} changed {before[name]} to {after[name]}")
            header.add(name)
    return content, header


def object_without_md5(work, endpoint):
    """What the publishing guide warns of: an object uploaded in parts by another tool (an ETag
    `…-1`, no MD5 in rclone's metadata) has no MD5 for rclone, and `--checksum` then takes a
    changed file of the same size (a front page a day later) as unchanged."""
    import boto3  # moto's own dependency

    s3 = boto3.client("s3", endpoint_url=endpoint, aws_access_key_id="gazette", aws_secret_access_key="gazette",
                      region_name="us-east-1")
    key = "elsewhere/index.html"
    upload = s3.create_multipart_upload(Bucket=BUCKET, Key=key)
    part = s3.upload_part(Bucket=BUCKET, Key=key, UploadId=upload["UploadId"], PartNumber=1,
                          Body=b"Built on 2 December\n")
    s3.complete_multipart_upload(Bucket=BUCKET, Key=key, UploadId=upload["UploadId"],
                                 MultipartUpload={"Parts": [{"ETag": part["ETag"], "PartNumber": 1}]})
    etag = s3.head_object(Bucket=BUCKET, Key=key)["ETag"]
    listed = json.loads(rclone("lsjson", "--hash", f"{REMOTE}:{BUCKET}/elsewhere").stdout)
    if listed[0].get("Hashes", {}).get("md5"):
        fail(f"rclone found an MD5 for a multipart object ({listed}): the guide's warning no longer holds")
    local = work / "elsewhere"
    local.mkdir()
    (local / "index.html").write_bytes(b"Built on 3 December\n")
    uploaded, _, _ = rclone_sync(local, f"{REMOTE}:{BUCKET}/elsewhere")
    left = s3.get_object(Bucket=BUCKET, Key=key)["Body"].read()
    if uploaded or left != b"Built on 2 December\n":
        fail(f"rclone sent {uploaded} over an object without MD5: the guide's warning no longer holds")
    uploaded, _, _ = rclone_sync(local, f"{REMOTE}:{BUCKET}/elsewhere", "--ignore-times")
    if uploaded != {"index.html"}:
        fail(f"rclone sync --ignore-times sent {uploaded}")
    listed = json.loads(rclone("lsjson", "--hash", f"{REMOTE}:{BUCKET}/elsewhere").stdout)
    if not listed[0].get("Hashes", {}).get("md5"):
        fail(f"rclone's own upload left no MD5: {listed}")
    rclone("purge", f"{REMOTE}:{BUCKET}/elsewhere")
    print(f"an object another tool uploaded in parts (ETag {etag}) has no MD5 for rclone: a changed page of the "
          "same size was left as it was; --ignore-times sent it once, with its MD5")


def times_alone(header, members):
    """`N more (F folders; the files …)`: the members whose time alone changed."""
    files = sorted(name for name in header if members[name]["content"] != "folder")
    return f"{len(header)} more ({len(header) - len(files)} folders; files: {', '.join(files) or 'none'})"


def deploy_days(gazette, work, athletes):
    """Builds a day apart and syncs each to the bucket; the Pages artifact made beside each."""
    site = work / "site"
    # Day 1 makes every report; day 2 makes each once more to say "No change since" (the
    # histories settle); from then on a report whose input did not change is taken whole.
    build(gazette, work, DAYS[0])
    build(gazette, work, DAYS[1])
    day2 = digests(site)
    uploaded, deleted, stats = rclone_sync(site)
    expect("first deploy", uploaded, deleted, set(day2), set())
    sha2, members2 = pages_artifact(site, work / "day2.tar")
    print(f"first deploy: {len(uploaded)} objects uploaded, the whole site ({stats['bytes']:,} bytes); "
          f"Pages artifact {(work / 'day2.tar').stat().st_size:,} bytes")

    # The same clock again into the same output (a re-run where the output is kept): nothing is
    # written, and the artifact is the same bytes.
    said = build(gazette, work, DAYS[1])
    again, _ = pages_artifact(site, work / "again.tar")
    if again != sha2:
        fail("a rebuild on the same clock into the same output changed the Pages artifact")
    # A fresh runner on the same clock: nothing cached, the histories from the published site
    # (as the action's memory branch gives them): the same files and the same manifest.json; the
    # tar's members carry the new files' times.
    build(gazette, work, DAYS[1], output="fresh", cache="fresh-cache", options=("--history-from", "site"))
    if (work / "fresh" / "manifest.json").read_bytes() != (site / "manifest.json").read_bytes():
        fail("a fresh build on the same clock with the site's histories made another manifest.json")
    _, fresh = pages_artifact(work / "fresh", work / "fresh.tar")
    content, header = artifact_changes(members2, fresh)
    if content:
        fail(f"a fresh build on the same clock with the site's histories differs in {sorted(content)[:10]}")
    shutil.rmtree(work / "fresh")
    print(f"same clock again ({said}): the Pages artifact byte-identical (sha256 {sha2[:16]}…); built afresh "
          f"with the site's histories, the same manifest.json and every member's content the same, "
          f"{len(header)} of {len(fresh)} members' times differ")

    # A day later, nothing changed: the front page and the manifest name the new build.
    before_sizes = sizes(site)
    said = build(gazette, work, DAYS[2])
    day3 = digests(site)
    expected_sent, expected_deleted = changes(day2, day3)
    if expected_sent != {"index.html", "manifest.json"} or expected_deleted:
        fail(f"a day later with nothing changed the manifests say {sorted(expected_sent)} changed")
    uploaded, deleted, stats = rclone_sync(site)
    expect("a day later, nothing changed", uploaded, deleted, expected_sent, expected_deleted)
    same_size = same_size_sent(uploaded, before_sizes, site)
    _, members3 = pages_artifact(site, work / "day3.tar")
    content, header = artifact_changes(members2, members3)
    if content != expected_sent:
        fail(f"a day later the artifact's members {sorted(content)} changed, not {sorted(expected_sent)}")
    print(f"a day later, nothing changed ({said}): rclone sent {len(uploaded)} of {len(day3)} objects "
          f"({', '.join(sorted(uploaded))}; {len(same_size)} of them the same size as before, told apart by "
          f"MD5) and compared {stats.get('checks')}; the Pages artifact's members differ in content there, "
          f"in time alone for {times_alone(header, members3)}")

    # One athlete's log changed, a day later again.
    slug = "athlete-4"
    log = work / "logs" / f"{slug}.txt"
    log.write_text("Dec 03 2026,Deadlift,1,1,250.0\n" + log.read_text())
    back = time.time() - 3600
    os.utime(log, (back, back))
    said = build(gazette, work, DAYS[3])
    day4 = digests(site)
    expected_sent, expected_deleted = changes(day3, day4)
    report_only("the manifests", expected_sent | expected_deleted, slug)
    uploaded, deleted, stats = rclone_sync(site)
    expect("a day later, one report changed", uploaded, deleted, expected_sent, expected_deleted)
    report_only("rclone", uploaded | deleted, slug)
    objects = check_bucket(site)
    if objects != len(day4):
        fail(f"the bucket holds {objects} objects, the site {len(day4)} files")
    _, members4 = pages_artifact(site, work / "day4.tar")
    content, header = artifact_changes(members3, members4)
    if content != expected_sent | expected_deleted:
        fail(f"with {slug} changed the artifact's members {sorted(content ^ (expected_sent | expected_deleted))} "
             "differ from what the manifests say changed")
    own = sorted(p for p in uploaded if p.startswith(slug + "/"))
    site_wide = sorted(p for p in uploaded if is_site_wide(p))
    print(f"a day later, {slug}'s log changed ({said}): rclone sent {len(uploaded)} of {len(day4)} objects and "
          f"deleted {len(deleted)}: {len(own)} of {slug}'s {sum(1 for p in day4 if p.startswith(slug + '/'))} "
          f"files and {len(site_wide)} of the site's own ({', '.join(site_wide)}), exactly what the manifests "
          f"say changed; the bucket holds the site ({objects} objects, MD5s equal); the Pages artifact's "
          f"members differ in content there, in time alone for {times_alone(header, members4)}")


def main():
    if len(sys.argv) < 2:
        fail("usage: deploy-test.py GAZETTE [ATHLETES]")
    gazette = str(pathlib.Path(sys.argv[1]).resolve())
    athletes = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    for tool in ["rclone", "tar", "moto_server"]:
        if shutil.which(tool) is None:
            fail(f"{tool} is not on PATH")
    work = pathlib.Path(tempfile.mkdtemp(prefix="gazette-deploy-"))
    server = None
    try:
        write_logs(work / "logs", athletes)
        write_job(work, athletes)
        server, endpoint = start_moto(work)
        # The remote as a user's CI configures it: environment variables, no config file.
        os.environ.update({
            f"RCLONE_CONFIG_{REMOTE}_TYPE": "s3", f"RCLONE_CONFIG_{REMOTE}_PROVIDER": "Other",
            f"RCLONE_CONFIG_{REMOTE}_ENDPOINT": endpoint, f"RCLONE_CONFIG_{REMOTE}_REGION": "us-east-1",
            f"RCLONE_CONFIG_{REMOTE}_ACCESS_KEY_ID": "gazette", f"RCLONE_CONFIG_{REMOTE}_SECRET_ACCESS_KEY": "gazette",
            "RCLONE_CONFIG": str(work / "rclone.conf"),
        })
        # rclone's S3 client (AWS SDK v1) refuses to start with AWS_CA_BUNDLE set ("unable to load
        # custom CA bundle … unsupported transport"); the server here is plain HTTP on loopback.
        os.environ.pop("AWS_CA_BUNDLE", None)
        for name in ["NO_PROXY", "no_proxy"]:  # boto3 (the multipart check) would go through a proxy set here
            os.environ[name] = ",".join(filter(None, [os.environ.get(name), "127.0.0.1", "localhost"]))
        rclone("mkdir", f"{REMOTE}:{BUCKET}")
        version = rclone("version").stdout.split()[1]
        print(f"moto_server at {endpoint}, bucket {BUCKET}; {athletes} athletes; rclone {version}")
        deploy_days(gazette, work, athletes)
        object_without_md5(work, endpoint)
        print("deploy-test: rclone sync --checksum to S3 (moto) and the Pages artifact: passed")
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
