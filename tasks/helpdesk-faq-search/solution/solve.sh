#!/bin/bash
# Reference solution: install the BM25 search (the prototype is kept as faq_search.py.orig), then
# its stop words, then try it and the widget.
set -euo pipefail
cp -n /app/bin/faq_search.py /app/bin/faq_search.py.orig
install -m 0755 /solution/faq_search.py /app/bin/faq_search.py
python3 /solution/stopwords.py /app/bin/faq_search.py
python3 /app/bin/faq_search.py reset password
/app/widget/suggest.sh lost phone
