#!/usr/bin/env bash
# The action's memory: what a site must keep between runs, kept on a branch of the workflow's own
# repository (GAZETTE_ACTION_STATE, default gazette-state; empty turns it off), so a runner that
# starts with nothing each time still continues every report's history and never mails twice.
#
#   state.sh restore   before the build: the branch checked out into a worktree, its folder in
#                      $GITHUB_ENV as GAZETTE_STATE_DIR (history/SLUG/history.json, sent.log). A
#                      branch that is not there is a first run; a branch that cannot be read (the
#                      network, a refused fetch) fails the step with git's message, so the build
#                      does not run on an empty send log and mail everyone again
#   state.sh save      after the build, also when a report or a message failed: the output's
#                      histories copied in, committed and pushed; a push that lost a race with
#                      another run is fetched, merged (histories by `gazette merge-history`, the
#                      send log's lines by git's union driver: both are append-only) and pushed
#                      again; any other refusal stops at once with git's message. When the build
#                      keyed the send log's recipients (GAZETTE_RECIPIENT_KEY), the branch is
#                      replaced by one new commit, so its history holds no unkeyed digest either
#
# Plain git in the workspace's clone (its remote and credentials), no other action, so it runs on
# any runner and outside GitHub. The branch holds no address as such: the send log keeps each
# recipient as a digest, unkeyed (`sha256:`, which a reader of the branch can test a guessed
# address against) or keyed (`hmac-sha256:`, with the action's recipient-key). To start afresh,
# delete the branch: every report is sent once more.
set -euo pipefail
action=${1:?restore or save}
branch="${GAZETTE_ACTION_STATE-gazette-state}"
[ -n "$branch" ] || { echo "no memory branch (state: empty)"; exit 0; }
workspace="${GITHUB_WORKSPACE:-$PWD}"
state="${GAZETTE_STATE_DIR:-${RUNNER_TEMP:-/tmp}/gazette-state}"
git_in() { git -C "$1" -c user.name="Gazette" -c user.email="gazette@users.noreply.github.com" "${@:2}"; }

if ! git -C "$workspace" rev-parse --git-dir >/dev/null 2>&1; then
  echo "::warning title=Gazette::the workspace is no git clone: the reports' memory is not kept (check out the repository first)"
  exit 0
fi

# The merge rules travel with the branch, so a merge anywhere (another runner, a person) uses them.
write_rules() {
  printf '%s\n' 'history/**/history.json merge=gazette-history' 'sent.log merge=union' >"$state/.gitattributes"
  git -C "$state" config merge.gazette-history.name "Gazette: every build of both histories"
  git -C "$state" config merge.gazette-history.driver "gazette merge-history %O %A %B"
}

# A workflow command's text on one line (GitHub's escapes for %, CR and LF).
annotation() {
  local text=$1
  text=${text//'%'/'%25'}
  text=${text//$'\r'/'%0D'}
  printf '%s' "${text//$'\n'/'%0A'}"
}

if [ "$action" = restore ]; then
  git -C "$workspace" worktree remove --force "$state" >/dev/null 2>&1 || rm -rf "$state"
  git -C "$workspace" worktree prune
  # A restore stopped anywhere leaves no memory behind, so `save` has nothing to push.
  trap 'if [ $? -ne 0 ]; then git -C "$workspace" worktree remove --force "$state" >/dev/null 2>&1 || rm -rf "$state"; fi' EXIT
  unreadable() {
    echo "::error title=Gazette::could not read the memory branch $branch (git's message is above): the run stops before building, so that no report is mailed twice. Run it again once the branch can be fetched."
    exit 1
  }
  # Only a branch the remote says it does not have is a first run (ls-remote's exit 2); a failure
  # to ask (the network, a rate limit, no permission) is not, or every report would go again.
  found=0
  git -C "$workspace" ls-remote --exit-code origin "refs/heads/$branch" >/dev/null || found=$?
  if [ "$found" -eq 0 ]; then
    git -C "$workspace" fetch --quiet origin "+refs/heads/$branch:refs/gazette/state" || unreadable
    git -C "$workspace" worktree add --quiet --detach "$state" refs/gazette/state
    echo "memory restored from the branch $branch ($(git -C "$state" rev-parse --short HEAD))"
  elif [ "$found" -eq 2 ]; then
    # A first run: an empty branch of its own, with no file of the project.
    git -C "$workspace" worktree add --quiet --detach "$state"
    # (A first run before it in the same clone left its branch behind.)
    if git -C "$workspace" rev-parse --verify --quiet refs/heads/gazette-state-new >/dev/null; then
      git -C "$workspace" update-ref -d refs/heads/gazette-state-new
    fi
    git -C "$state" checkout --quiet --orphan gazette-state-new
    git -C "$state" rm -rfq . >/dev/null 2>&1 || true
    git -C "$state" clean -fdxq
    cat >"$state/README.md" <<'TEXT'
# Gazette's memory

What the site must keep between runs of the workflow: each report's history (`history/`) and the
send log (`sent.log`, recipients as digests). Written by the Gazette action after every run.
Delete this branch to start afresh: every report is then sent once more to its recipients.
TEXT
    echo "no branch $branch yet: the reports start their histories now"
  else
    unreadable
  fi
  mkdir -p "$state/history"
  write_rules
  [ -n "${GITHUB_ENV:-}" ] && echo "GAZETTE_STATE_DIR=$state" >>"$GITHUB_ENV"
  exit 0
fi

[ "$action" = save ] || { echo "state.sh: restore or save" >&2; exit 64; }
[ -d "$state/.git" ] || [ -f "$state/.git" ] || { echo "no memory was restored: nothing to save"; exit 0; }
output="${GAZETTE_ACTION_OUTPUT_FOLDER:-Output}"
# Each report's history as this run left it (a report that failed kept its previous one).
if [ -d "$workspace/$output" ]; then
  (cd "$workspace/$output" && find . -mindepth 2 -maxdepth 2 -name history.json -print0) |
    while IFS= read -r -d '' file; do
      slug="${file#./}"
      slug="${slug%/history.json}"
      mkdir -p "$state/history/$slug"
      cp "$workspace/$output/$file" "$state/history/$slug/history.json"
    done
fi
# The commit the memory was restored from (none on a first run): the lease of a squash below.
restored=$(git -C "$state" rev-parse --verify --quiet HEAD || true)
git -C "$state" add -A
changed=yes
git -C "$state" diff --cached --quiet && changed=no
# A recipient kept unkeyed (`sha256:`, not `hmac-sha256:`). When the build keyed every one
# (GAZETTE_RECIPIENT_KEY) but the branch's older commits still hold some, the memory is pushed as
# one new commit in the branch's place, so no reader of the branch finds them in its history.
unkeyed='(^|[^-[:alnum:]])sha256:[0-9a-f]'
squash=no
if [ -n "$restored" ] && [ -f "$state/sent.log" ] && ! grep -Eq "$unkeyed" "$state/sent.log" \
  && git -C "$state" log -p --format= "$restored" -- sent.log | grep -Eq "^[-+].*$unkeyed"; then
  squash=yes
fi
if [ "$changed" = no ] && [ "$squash" = no ]; then
  echo "memory unchanged"
  exit 0
fi
[ "$changed" = yes ] && git_in "$state" commit --quiet -m "Gazette's memory after run ${GITHUB_RUN_ID:-(local)}"

# One push: 0 when it went, 1 when the branch had moved (another run pushed first), 2 when the
# remote refused it for any other reason (no permission, a hook, the network), git's own message
# then in $refusal.
refusal=""
push_memory() {
  local status=0
  refusal=$(git -C "$workspace" push --quiet "$@" 2>&1) || status=$?
  [ "$status" -eq 0 ] && return 0
  grep -Eq '^ ! \[rejected\] .*\((fetch first|non-fast-forward|stale info)\)' <<<"$refusal" && return 1
  return 2
}
if [ "$squash" = yes ]; then
  root=$(git_in "$state" commit-tree "HEAD^{tree}" \
    -m "Gazette's memory after run ${GITHUB_RUN_ID:-(local)}: one commit, its recipients keyed")
  echo "the send log's recipients are keyed now: replacing the branch $branch by one commit, so its history holds no unkeyed recipient digest"
  pushed=0
  push_memory --force-with-lease="refs/heads/$branch:$restored" origin "$root:refs/heads/$branch" || pushed=$?
  case $pushed in
    0)
      git -C "$state" reset --quiet --soft "$root"
      echo "memory saved to the branch $branch ($(git -C "$state" rev-parse --short HEAD)), as one commit without the older history"
      exit 0 ;;
    1) echo "the branch $branch moved (another run) before it could be replaced: its history is kept this time (the next run replaces it)" ;;
    *)
      printf '%s\n' "$refusal" >&2
      echo "::warning title=Gazette::could not replace the branch $branch by one commit (git's message is above; a branch protected from force pushes refuses it): its older commits still hold unkeyed recipient digests" ;;
  esac
  [ "$changed" = yes ] || exit 0
fi
for attempt in $(seq 10); do
  pushed=0
  push_memory origin "$(git -C "$state" rev-parse HEAD):refs/heads/$branch" || pushed=$?
  if [ "$pushed" -eq 0 ]; then
    echo "memory saved to the branch $branch ($(git -C "$state" rev-parse --short HEAD))"
    exit 0
  elif [ "$pushed" -eq 2 ]; then
    # Refused, not raced: ten more tries would not change it.
    printf '%s\n' "$refusal" >&2
    echo "::error title=Gazette::could not push the memory to the branch $branch: $(annotation "$refusal")%0AWhat this run sent is not remembered: the next run mails it again unless this push goes through."
    exit 1
  fi
  # Another run pushed first: take its memory in and try again.
  echo "the branch $branch moved (another run): merging its memory (attempt $attempt)"
  if ! git -C "$workspace" fetch --quiet origin "+refs/heads/$branch:refs/gazette/state"; then
    echo "::error title=Gazette::could not fetch the branch $branch to merge another run's memory (git's message is above): this run's memory is not saved, and the next run mails what it sent again"
    exit 1
  fi
  if ! git_in "$state" merge --quiet --no-edit --allow-unrelated-histories refs/gazette/state; then
    echo "::error title=Gazette::could not merge another run's memory from the branch $branch (git's message is above): this run's memory is not saved"
    exit 1
  fi
  # Shards of one run save at once: a short wait that differs by run spreads them out.
  sleep "$((attempt + RANDOM % 3))"
done
echo "::error title=Gazette::could not push the memory branch $branch after 10 attempts"
exit 1
