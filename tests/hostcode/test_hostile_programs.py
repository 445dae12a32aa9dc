"""Hostile sessions exported: programs that build cleanly, run what the app ran, nothing more
(a fuzzed set of sessions among them).

Text from a session (build options, a description, a reference) reaches the programs
only as escaped literals or comments, and argument names that collide with the
program's own names, the language's or each other's derived names still give
programs that build, run and match the app.
"""

import ast
import random
import subprocess
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from clstudio.common import RunResult, parse_element_type
from clstudio.engine import Engine
from clstudio.hostcode import ExportError, export_program, host_program
from clstudio.hostcode.bundled_pocl import POCL_PLATFORM
from clstudio.session import (
    ArgSpec,
    BufferArg,
    Init,
    IterationArg,
    Launch,
    LaunchGroup,
    Reference,
    ScalarArg,
    Session,
)
from hostcode.exported_programs import export_both, run_saving_outputs, signature_of
from hostcode.pocl_gallery import ON_POCL

FLOAT = parse_element_type("float32")
pytestmark = pytest.mark.opencl

# Every argument name here has collided with a name of a program: a_out with the
# read-back copy of a, a_buf and d_a with a's device buffer, WORK_DIMS with C's macro,
# errno with the C library's, CL_SUCCESS with OpenCL's, context and queue with the
# programs' own variables, print and len with Python's builtins.
CLASH = """__kernel void clash(__global float *a, __global const float *a_out, float a_buf,
                    float d_a, int WORK_DIMS, int errno, int CL_SUCCESS, int context,
                    int queue, int print, float len) {
    int i = get_global_id(0);
    a[i] = a[i] + a_out[i] * a_buf + d_a + WORK_DIMS + errno + CL_SUCCESS + context + queue
         + print + len;
}
"""
CLASH_SESSION = Session(
    source=CLASH,
    launches=(Launch("clash", (16,)),),
    args={
        "a": BufferArg(FLOAT, (16,), Init("arange")),
        "a_out": BufferArg(FLOAT, (16,), Init("fill", {"value": 2.0})),
        "a_buf": ScalarArg(3.0),
        "d_a": ScalarArg(0.5),
        "WORK_DIMS": ScalarArg(7),
        "errno": ScalarArg(11),
        "CL_SUCCESS": ScalarArg(13),
        "context": ScalarArg(17),
        "queue": ScalarArg(19),
        "print": ScalarArg(23),
        "len": ScalarArg(0.25),
    },
    references={
        "a": Reference(
            "a + a_out * a_buf + d_a + WORK_DIMS + errno + CL_SUCCESS + context + queue"
            " + print + len  # the rest of a line",
            0.0,
            0.0,
        )
    },
)


def run_in_app(session: Session) -> RunResult:
    result = Engine().run(session)
    assert result.ok, result.error
    return result


def test_colliding_argument_names_build_run_and_match_the_app(tmp_path: Path) -> None:
    result = run_in_app(CLASH_SESSION)
    assert result.references["a"].ok  # the app says the reference holds
    commands = export_both(CLASH_SESSION, signature_of(result, "clash"), tmp_path)
    for language, command in commands.items():
        out = tmp_path / language / "new" / "deeper"  # every level is made, in both
        command = [*command, "--save-outputs", str(out)]
        done = subprocess.run(command, capture_output=True, text=True)
        assert done.returncode == 0, (language, done.stdout + done.stderr)
        assert "a: ok" in done.stdout, language
        np.testing.assert_array_equal(np.load(out / "a.npy"), result.outputs["a"])


# A backslash before a line break, then a quote: once ended the C string, so that the
# rest of the options became code, a constructor that runs before main().
INJECTION = (
    '-DA=1\\\n"; __attribute__((constructor)) static void own(void) '
    "{ system((const char[]){'t','o','u','c','h',' ','P','W','N','E','D',0}); } //"
)


def test_build_options_cannot_plant_code_in_the_c_program(tmp_path: Path) -> None:
    session = Session(
        source="__kernel void k(__global float *a) { a[get_global_id(0)] = A; }\n",
        launches=(Launch("k", (4,)),),
        build_options=INJECTION,
        args={"a": BufferArg(FLOAT, (4,), access="out")},
    )
    signature = signature_of(run_in_app(replace(session, build_options="-DA=1")), "k")
    export_program(session, signature, "c", tmp_path, ON_POCL, platform_name=POCL_PLATFORM)
    build = subprocess.run(
        ["make", "-s", "-C", str(tmp_path), "CFLAGS=-Wall -Wextra -Werror"],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr
    subprocess.run([str(tmp_path / "run.sh")], cwd=tmp_path, capture_output=True, timeout=120)
    assert not (tmp_path / "PWNED").exists()


def test_build_options_over_two_lines_give_programs_that_run_as_the_app(
    tmp_path: Path,
) -> None:
    session = Session(
        source="__kernel void k(__global float *a) { a[get_global_id(0)] = A + B; }\n",
        launches=(Launch("k", (4,)),),
        build_options="-DA=1\n-DB=2",
        args={"a": BufferArg(FLOAT, (4,), access="out")},
        references={"a": Reference("np.full(4, 3.0)", 0.0, 0.0)},
    )
    result = run_in_app(session)
    for language, command in export_both(session, signature_of(result, "k"), tmp_path).items():
        done = subprocess.run(command, capture_output=True, text=True)
        assert done.returncode == 0, (language, done.stdout + done.stderr)
        assert "a: ok" in done.stdout


DESCRIPTION = 'NUL \x00, quotes """ and */ /* and ??/ and \\ and 中文 \u2028 end'


def test_a_description_of_any_text_gives_programs_that_parse_and_compile(
    tmp_path: Path,
) -> None:
    session = replace(CLASH_SESSION, description=DESCRIPTION)
    signature = signature_of(run_in_app(CLASH_SESSION), "clash")
    python = host_program(session, signature, "python").text
    docstring = ast.get_docstring(ast.parse(python), clean=False)
    assert docstring is not None and docstring.split("\n")[2] == DESCRIPTION
    commands = export_both(session, signature, tmp_path)
    assert subprocess.run(commands["c"], capture_output=True).returncode == 0


def test_a_reference_the_app_refuses_is_not_exported_in_either_language(
    tmp_path: Path,
) -> None:
    session = Session(
        source="__kernel void k(__global float *a) { a[get_global_id(0)] = 1.0f; }\n",
        launches=(Launch("k", (40000,)),),
        args={"a": BufferArg(FLOAT, (40000,), access="out")},
        references={"a": Reference("np.outer(a, a).sum(axis=1)")},  # a 12.8 GB step
    )
    result = Engine().run(session)
    assert not result.references["a"].ok
    signature = signature_of(result, "k")
    for language in ("python", "c"):
        with pytest.raises(ExportError, match="the reference of 'a' fails"):
            export_program(session, signature, language, tmp_path / language, ON_POCL)
        assert not (tmp_path / language).exists()


# Names an OpenCL C kernel may take whose programs' names they collide with.
RANDOM_NAMES = (
    "a", "a_out", "a_buf", "a_img", "d_a", "h_a", "h_a_out", "s_a", "a_expected", "a_arg",
    "arg_a", "errno", "WORK_DIMS", "CL_SUCCESS", "REPEATS", "stderr", "EOF", "argv", "main",
    "print", "len", "queue", "context", "device", "program", "source", "check", "HERE",
    "err", "log", "median", "strlen", "E2BIG", "_x", "x_t",
)  # fmt: skip


HARD_NAMES = ("a_out", "a_buf", "d_a", "h_a", "h_a_out", "errno", "WORK_DIMS", "CL_SUCCESS")


def random_clash(rng: random.Random) -> Session:
    """A kernel that writes the sum of its inputs into its output, under hostile names:
    `a` and a name that has collided with one of a's, and a few more."""
    pair = ["a", rng.choice(HARD_NAMES)]
    rng.shuffle(pair)
    others = [n for n in RANDOM_NAMES if n not in pair]
    output, *inputs = pair + rng.sample(others, rng.randint(0, 4))
    size = rng.choice([16, 100])  # written into the program, or read from a .npy file
    params = [f"__global float *{output}"]
    args: dict[str, ArgSpec] = {}
    args[output] = BufferArg(FLOAT, (size,), Init("fill", {"value": 1.0}), "out")
    terms = []
    for number, name in enumerate(inputs):
        kind = "buffer" if number == 0 else rng.choice(["buffer", "float", "int"])
        if kind == "buffer":
            params.append(f"__global const float *{name}")
            args[name] = BufferArg(FLOAT, (size,), Init("random", {"low": -1, "high": 1}))
            terms.append((f"{name}[get_global_id(0)]", name))
        else:
            params.append(f"{kind} {name}")
            args[name] = ScalarArg(rng.randint(-3, 3) + (0.5 if kind == "float" else 0))
            terms.append((name, name))
    kernel = " + ".join(code for code, _ in terms)
    return Session(
        source=f"__kernel void k({', '.join(params)}) "
        f"{{ {output}[get_global_id(0)] = {kernel}; }}\n",
        launches=(Launch("k", (size,)),),
        seed=rng.randrange(2**32),
        args=args,
        references={output: Reference(" + ".join(name for _, name in terms), 1e-6, 1e-6)},
    )


def test_random_sessions_of_colliding_names_run_as_the_app(tmp_path: Path) -> None:
    rng = random.Random(33)
    for number in range(4):
        session = random_clash(rng)
        result = run_in_app(session)
        (output,) = session.references
        assert result.references[output].ok, session.source
        folder = tmp_path / str(number)
        for language, command in export_both(session, signature_of(result, "k"), folder).items():
            out = folder / language / "OUT"
            done = subprocess.run([*command, "--save-outputs", str(out)], capture_output=True)
            assert done.returncode == 0, (language, session.source, done.stdout, done.stderr)
            np.testing.assert_array_equal(np.load(out / f"{output}.npy"), result.outputs[output])


# A program whose names are the program's own: a buffer `kernel_1` beside the kernel
# objects kernel_1, kernel_2; a buffer `swap` beside C's swap variable; parameters
# `iteration` and `GLOBAL_SIZE_1` beside the loop's counter and C's first NDRange.
PING = """__kernel void step(__global const float *kernel_1, __global float *swap, int iteration,
                   float GLOBAL_SIZE_1) {
    int i = get_global_id(0);
    swap[i] = kernel_1[i] + iteration + GLOBAL_SIZE_1;
}
"""


def test_a_ping_pong_program_named_like_the_program_itself_runs_as_the_app(
    tmp_path: Path,
) -> None:
    step = Launch(
        "step", (16,), None, {"iteration": IterationArg(), "GLOBAL_SIZE_1": ScalarArg(0.25)}
    )
    # After three swaps `kernel_1` names the buffer that started as `swap`, and the launch
    # after the loop must bind the buffers as they stand then.
    after = replace(step, args={**step.args, "kernel_1": "swap", "swap": "kernel_1"})
    session = Session(
        source=PING,
        args={
            "kernel_1": BufferArg(FLOAT, (16,), Init("arange")),
            "swap": BufferArg(FLOAT, (16,)),
        },
        launches=(LaunchGroup((step,), 3, (("kernel_1", "swap"),)), after),
        references={
            "kernel_1": Reference("kernel_1 + 1.75", 0.0, 0.0),
            "swap": Reference("kernel_1 + 1.5", 0.0, 0.0),
        },
    )
    result = run_in_app(session)
    assert result.references and all(r.ok for r in result.references.values())
    commands = export_both(session, signature_of(result, "step"), tmp_path)
    for language, command in commands.items():
        out = tmp_path / language / "out"
        run_saving_outputs(command, out)
        for name, expected in result.outputs.items():
            np.testing.assert_array_equal(np.load(out / f"{name}.npy"), expected, err_msg=name)
