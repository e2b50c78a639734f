"""Small openssl helpers for the verifier: make CAs and certificates with exact dates, read them."""
import datetime as dt
import re
import subprocess
from pathlib import Path


def openssl(*args: str, input: bytes | None = None) -> str:
    return subprocess.run(["openssl", *args], capture_output=True, check=True, input=input).stdout.decode()


def make_ca(folder: Path, cn: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-sha256", "-days", "3650",
            "-keyout", str(folder / "ca.key"), "-out", str(folder / "ca.crt"), "-subj", f"/O=Test/CN={cn}",
            "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    return folder


def _stamp(offset_s: float) -> str:
    t = dt.datetime.now(dt.timezone.utc) + dt.timedelta(seconds=offset_s)
    return t.strftime("%Y%m%d%H%M%SZ")


def issue(ca: Path, out: Path, name: str, subject: str, san: str, start_s: float, end_s: float,
          serial: int, key_from: Path | None = None) -> None:
    """Issue <name>.crt/<name>.key (and the full chain) in OUT, valid from now+start_s to now+end_s."""
    work = out / f".work-{name}"
    (work / "new").mkdir(parents=True, exist_ok=True)
    (work / "index.txt").write_text("")
    (work / "serial").write_text(f"{serial:X}\n")
    (work / "ca.cnf").write_text(f"""[ ca ]
default_ca = t
[ t ]
dir = {work}
database = $dir/index.txt
new_certs_dir = $dir/new
serial = $dir/serial
default_md = sha256
policy = any
unique_subject = no
[ any ]
countryName = optional
organizationName = optional
organizationalUnitName = optional
commonName = supplied
""")
    ext = ["[ leaf ]", "basicConstraints = critical, CA:FALSE", "keyUsage = critical, digitalSignature, keyEncipherment",
           "extendedKeyUsage = serverAuth"] + ([f"subjectAltName = {san}"] if san else [])
    (work / "leaf.ext").write_text("\n".join(ext) + "\n")
    key = out / f"{name}.key"
    if key_from is not None:
        openssl("req", "-new", "-key", str(key_from), "-out", str(work / "req.csr"), "-subj", subject)
    else:
        # EC keys: quick to make (the CAs stay RSA, so signatures are sha256WithRSAEncryption).
        openssl("req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", str(key),
                "-out", str(work / "req.csr"), "-subj", subject)
        key.chmod(0o600)
    openssl("ca", "-batch", "-notext", "-preserveDN", "-config", str(work / "ca.cnf"), "-cert", str(ca / "ca.crt"),
            "-keyfile", str(ca / "ca.key"), "-in", str(work / "req.csr"), "-out", str(out / f"{name}.crt"),
            "-startdate", _stamp(start_s), "-enddate", _stamp(end_s), "-extfile", str(work / "leaf.ext"),
            "-extensions", "leaf")
    (out / f"{name}.crt").chmod(0o644)
    (out / f"{name}.fullchain.pem").write_bytes((out / f"{name}.crt").read_bytes() + (ca / "ca.crt").read_bytes())
    subprocess.run(["rm", "-rf", str(work)], check=True)


def field(crt: Path, *args: str) -> str:
    return openssl("x509", "-noout", "-in", str(crt), *args).strip()


def subject(crt: Path) -> str:
    return field(crt, "-subject", "-nameopt", "RFC2253").split("=", 1)[1]


def serial(crt: Path) -> str:
    return field(crt, "-serial").split("=", 1)[1]


def pubkey(crt: Path) -> str:
    return field(crt, "-pubkey")


def key_pub(key: Path) -> str:
    return openssl("pkey", "-pubout", "-in", str(key)).strip()


def sans(crt: Path) -> list[str]:
    text = openssl("x509", "-noout", "-ext", "subjectAltName", "-in", str(crt))
    lines = text.strip().splitlines()[1:]
    return sorted(s.strip() for s in ",".join(lines).split(",") if s.strip())


def ext_text(crt: Path, name: str) -> str:
    return " ".join(openssl("x509", "-noout", "-ext", name, "-in", str(crt)).split())


def _when(s: str) -> dt.datetime:
    return dt.datetime.strptime(s, "%b %d %H:%M:%S %Y %Z").replace(tzinfo=dt.timezone.utc)


def not_before(crt: Path) -> dt.datetime:
    return _when(re.sub(r"\s+", " ", field(crt, "-startdate").split("=", 1)[1]))


def not_after(crt: Path) -> dt.datetime:
    return _when(re.sub(r"\s+", " ", field(crt, "-enddate").split("=", 1)[1]))


def sig_alg(crt: Path) -> str:
    m = re.search(r"Signature Algorithm: (\S+)", openssl("x509", "-noout", "-text", "-in", str(crt)))
    return m.group(1) if m else ""


def verifies(ca: Path, crt: Path) -> bool:
    return subprocess.run(["openssl", "verify", "-CAfile", str(ca / "ca.crt"), "-purpose", "sslserver", str(crt)],
                          capture_output=True).returncode == 0


def pem_blocks(path: Path) -> list[str]:
    return ["".join(b.split()) for b in
            re.findall(r"-----BEGIN CERTIFICATE-----.*?-----END CERTIFICATE-----", path.read_text(), re.S)]
