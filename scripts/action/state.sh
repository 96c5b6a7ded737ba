#!/usr/bin/env bash
# The action's memory: what a site must keep between runs, kept on a branch of the workflow's own
# repository (GAZETTE_ACTION_STATE, default gazette-state; empty turns it off), so a runner that
# starts with nothing each time still continues every report's history and never mails twice.
#
#   state.sh restore   before the build: the branch checked out into a worktree, its folder in
#                      $GITHUB_ENV as GAZETTE_STATE_DIR (history/SLUG/history.json, sent.log)
#   state.sh save      after the build, also when a report or a message failed: the output's
#                      histories copied in, committed and pushed; a push that lost a race with
#                      another run is fetched, merged (histories by `gazette merge-history`, the
#                      send log's lines by git's union driver: both are append-only) and pushed again
#
# Plain git in the workspace's clone (its remote and credentials), no other action, so it runs on
# any runner and outside GitHub. The branch holds no readable address: the send log keeps each
# recipient as a digest. To start afresh, delete the branch: every report is sent once more.
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

if [ "$action" = restore ]; then
  git -C "$workspace" worktree remove --force "$state" >/dev/null 2>&1 || rm -rf "$state"
  git -C "$workspace" worktree prune
  if git -C "$workspace" fetch --quiet origin "+refs/heads/$branch:refs/gazette/state" 2>/dev/null; then
    git -C "$workspace" worktree add --quiet --detach "$state" refs/gazette/state
    echo "memory restored from the branch $branch ($(git -C "$state" rev-parse --short HEAD))"
  else
    # A first run: an empty branch of its own, with no file of the project.
    git -C "$workspace" worktree add --quiet --detach "$state"
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
git -C "$state" add -A
if git -C "$state" diff --cached --quiet; then
  echo "memory unchanged"
  exit 0
fi
git_in "$state" commit --quiet -m "Gazette's memory after run ${GITHUB_RUN_ID:-(local)}"
for attempt in $(seq 10); do
  if git -C "$workspace" push --quiet origin "$(git -C "$state" rev-parse HEAD):refs/heads/$branch" 2>/dev/null; then
    echo "memory saved to the branch $branch ($(git -C "$state" rev-parse --short HEAD))"
    exit 0
  fi
  # Another run pushed first: take its memory in and try again.
  echo "the branch $branch moved (another run): merging its memory (attempt $attempt)"
  git -C "$workspace" fetch --quiet origin "+refs/heads/$branch:refs/gazette/state"
  git_in "$state" merge --quiet --no-edit --allow-unrelated-histories refs/gazette/state
  # Shards of one run save at once: a short wait that differs by run spreads them out.
  sleep "$(( (attempt + RANDOM % 3) ))"
done
echo "::error title=Gazette::could not push the memory branch $branch after 10 attempts"
exit 1
