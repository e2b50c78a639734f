#!/usr/bin/env python3
"""Turn pandoc's default reference.odt into Acme's: the brand font on headings and a marker style."""

import sys
import zipfile

src, dst = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(src) as z:
    items = [(i, z.read(i.filename)) for i in z.infolist()]
with zipfile.ZipFile(dst, "w") as out:
    for info, data in items:
        if info.filename == "styles.xml":
            text = data.decode()
            marker = ('<style:style style:name="Acme_20_Handbook" style:display-name="Acme Handbook" style:family="paragraph">'
                      '<style:text-properties style:font-name="DejaVu Sans" fo:color="#0b5d7a"/></style:style>')
            assert "</office:styles>" in text
            text = text.replace("</office:styles>", marker + "</office:styles>", 1)
            data = text.encode()
        out.writestr(info, data, compress_type=zipfile.ZIP_STORED if info.filename == "mimetype" else zipfile.ZIP_DEFLATED)
