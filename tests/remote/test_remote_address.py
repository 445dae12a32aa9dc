"""A remote machine's address: what reaches ssh is checked, and never read as an option."""

from pathlib import Path

import pytest

from clstudio.cli import main
from clstudio.remote import RemoteError, parse_remote, remote_address


@pytest.mark.parametrize(
    "text",
    [
        "-oProxyCommand=touch /tmp/x",
        "host;rm -rf ~",
        "a b",
        "$(id)",
        "-p",
        "",
        "host:0",
        "host:99999",
        "host:22x",
        "-l@host",
        "user name@host",
        "[::1]x",
    ],
)
def test_an_address_that_could_be_an_option_or_a_command_is_refused(text: str) -> None:
    with pytest.raises(RemoteError):
        parse_remote(text)


def test_a_hostile_user_or_port_is_refused_with_what_is_wrong() -> None:
    with pytest.raises(RemoteError, match="not a user name"):
        remote_address("gpu", "-oProxyCommand=x")
    with pytest.raises(RemoteError, match="not a port"):
        remote_address("gpu", "me", "-1")
    with pytest.raises(RemoteError, match="does not exist"):
        remote_address("gpu", ssh_config="/no/such/ssh_config")


def test_user_host_and_port_are_read_and_named() -> None:
    address = parse_remote("ada@gpu-01.example.org:2222")
    assert (address.user, address.host, address.port) == ("ada", "gpu-01.example.org", 2222)
    assert address.name == "ada@gpu-01.example.org:2222"
    assert parse_remote("[::1]:22").host == "::1"
    assert parse_remote("gpu").name == "gpu"


def test_each_piece_reaches_ssh_as_an_argument_of_its_own(tmp_path: Path) -> None:
    config = tmp_path / "-config"
    config.write_text("")
    address = parse_remote("ada@gpu:2222", ssh_config=str(config))
    command = address.ssh_command("true")
    assert command[0] == "ssh"
    assert command[-3:] == ["--", "gpu", "true"]
    assert command[command.index("-l") + 1] == "ada"
    assert command[command.index("-p") + 1] == "2222"
    assert command[command.index("-F") + 1] == str(config.absolute())
    assert "BatchMode=yes" in command
    assert "BatchMode=yes" not in address.ssh_command("true", batch=False)


@pytest.mark.parametrize(
    "command", [["check"], ["compile"], ["traffic"], ["debug", "--break", "3"]], ids=" ".join
)
def test_a_command_with_a_machine_it_cannot_use_says_why_and_runs_nothing(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """The four commands that start workers refuse before any worker starts: status 2."""
    session = str(Path(__file__).parents[2] / "kernels" / "vector_add.json")
    name, *options = command
    assert main([name, session, *options, "--ssh-config", "/nowhere"]) == 2
    said = capsys.readouterr()
    assert said.err == "clstudio: --ssh-config needs --remote\n"
    assert said.out == ""
