import importlib.machinery
import importlib.util
from pathlib import Path

HERE = Path(__file__).resolve().parent
loader = importlib.machinery.SourceFileLoader("sitecheck", str(HERE.parent / "bin" / "sitecheck"))
spec = importlib.util.spec_from_loader("sitecheck", loader)
sitecheck = importlib.util.module_from_spec(spec)
loader.exec_module(sitecheck)


def test_load_sites(tmp_path):
    conf = tmp_path / "sites.conf"
    conf.write_text("# comment\na https://a.example/ 2\n\nb https://b.example/  # inline\n")
    assert sitecheck.load_sites(conf) == [("a", "https://a.example/", 2.0), ("b", "https://b.example/", 10.0)]


def test_list(tmp_path, capsys):
    conf = tmp_path / "sites.conf"
    conf.write_text("a https://a.example/ 2\n")
    assert sitecheck.main(["--config", str(conf), "--list"]) == 0
    assert capsys.readouterr().out == "a\thttps://a.example/\t2s\n"
