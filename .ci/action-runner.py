#!/usr/bin/env python3
"""Runs the composite steps of action.yml in order, as a GitHub runner runs them: the `GITHUB_*`
variables, a `$GITHUB_OUTPUT` file per step (its lines become `steps.ID.outputs`), `$GITHUB_ENV`
(its lines reach the later steps), `$GITHUB_STEP_SUMMARY`, each step's `env:` with the
`${{ inputs.… }}`, `${{ github.… }}` and `${{ steps.….outputs.… }}` expressions filled in, its
`if:` (`always()`; otherwise only while every step before it succeeded), and `shell: bash` as
`bash --noprofile --norc -eo pipefail FILE`.

Usage: .ci/action-runner.py ACTION_FOLDER WORKSPACE [--skip STEP_NAME]... [INPUT=VALUE]...
Exit status: 0 when every step succeeded, else the first failed step's.
"""
import os, pathlib, re, subprocess, sys, tempfile

import yaml

EXPRESSION = re.compile(r"\$\{\{\s*([^}]*?)\s*\}\}")


def main() -> int:
    action, workspace = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2]).resolve()
    skipped, given = set(), {}
    rest = sys.argv[3:]
    while rest:
        word = rest.pop(0)
        if word == "--skip":
            skipped.add(rest.pop(0))
        else:
            name, _, value = word.partition("=")
            given[name] = value
    metadata = yaml.safe_load((action / "action.yml").read_text())
    inputs = {name: str(spec.get("default", "")) for name, spec in metadata.get("inputs", {}).items()}
    unknown = set(given) - set(inputs)
    if unknown:
        sys.exit(f"action-runner: the action has no input {', '.join(sorted(unknown))}")
    inputs.update(given)
    runner_temp = pathlib.Path(tempfile.mkdtemp(prefix="gazette-runner-"))
    github_env = runner_temp / "github_env"
    github_env.touch()
    summary = runner_temp / "step_summary.md"
    summary.touch()
    base = dict(os.environ)
    base.update({
        "GITHUB_ACTIONS": "true", "CI": "true", "GITHUB_WORKSPACE": str(workspace),
        "GITHUB_ACTION_PATH": str(action), "RUNNER_TEMP": str(runner_temp), "GITHUB_ENV": str(github_env),
        "GITHUB_STEP_SUMMARY": str(summary), "GITHUB_RUN_ID": base.get("GITHUB_RUN_ID", "1"),
        "GITHUB_EVENT_NAME": "schedule",
    })
    outputs: dict[str, dict[str, str]] = {}
    failed = 0

    def evaluate(text: str) -> str:
        def one(match: re.Match) -> str:
            expression = match.group(1)
            if expression.startswith("inputs."):
                return inputs.get(expression[len("inputs."):], "")
            if expression == "github.action_path":
                return str(action)
            found = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expression)
            if found:
                return outputs.get(found.group(1), {}).get(found.group(2), "")
            sys.exit(f"action-runner: cannot evaluate ${{{{ {expression} }}}}")
        return EXPRESSION.sub(one, str(text))

    for number, step in enumerate(metadata["runs"]["steps"], 1):
        name = step.get("name", f"step {number}")
        condition = str(step.get("if", "success()"))
        if name in skipped:
            print(f"--- {name}: skipped by the caller", flush=True)
            continue
        if failed and "always()" not in condition:
            print(f"--- {name}: not run (a step before it failed)", flush=True)
            continue
        env = dict(base)
        for line in github_env.read_text().splitlines():
            key, _, value = line.partition("=")
            if key:
                env[key] = value
        for key, value in (step.get("env") or {}).items():
            env[key] = evaluate(value)
        output_file = runner_temp / f"output_{number}"
        output_file.write_text("")
        env["GITHUB_OUTPUT"] = str(output_file)
        script = runner_temp / f"step_{number}.sh"
        script.write_text(evaluate(step["run"]))
        print(f"--- {name}", flush=True)
        status = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)], env=env,
                                cwd=workspace).returncode
        if "id" in step:
            outputs[step["id"]] = dict(line.split("=", 1) for line in output_file.read_text().splitlines()
                                       if "=" in line)
        if status != 0:
            print(f"--- {name}: exit {status}", flush=True)
            failed = failed or status
    return failed


if __name__ == "__main__":
    sys.exit(main())
