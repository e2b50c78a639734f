#!/bin/bash
# Fills the forms from an FDF file with the UTF-8 bytes as literal strings, which pdftk reads as PDFDocEncoding: Søren becomes SÃ¸ren.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
for old, new in [('def xfdf(fields):\n    body = "".join(f\'<field name="{k}"><value>{escape(v)}</value></field>\' for k, v in fields.items())\n    return (\'<?xml version="1.0" encoding="UTF-8"?>\\n<xfdf xmlns="http://ns.adobe.com/xfdf/" \'\n            f\'xml:space="preserve"><fields>{body}</fields></xfdf>\\n\')', 'def xfdf(fields):\n    def lit(v):\n        return "(" + v.replace("\\\\", "\\\\\\\\").replace("(", "\\\\(").replace(")", "\\\\)") + ")"\n    body = " ".join(f"<< /T ({k}) /V {lit(v)} >>" for k, v in fields.items())\n    return f"%FDF-1.2\\n1 0 obj\\n<< /FDF << /Fields [ {body} ] >> >>\\nendobj\\ntrailer\\n<< /Root 1 0 R >>\\n%%EOF\\n"'), ('data = os.path.join(tmp, "data.xfdf")', 'data = os.path.join(tmp, "data.fdf")')]:
    assert src.count(old) == 1, "patch did not apply"
    src = src.replace(old, new)
pathlib.Path("/tmp/mutant-solve.sh").write_text(src)
PY
bash /tmp/mutant-solve.sh
