#!/bin/bash
# Reference solution: a Lua filter that turns chapter-file links into in-document anchors, and a
# build script that runs pandoc twice (self-contained HTML, ODT on the reference styles).
set -euo pipefail
cd /app/handbook

# 1. Links between chapters: "08-leave.md#sick-days" -> "#sick-days"; "08-leave.md" -> the
#    chapter's title heading. Other links stay as they are.
cat > links.lua <<'EOF'
-- links.lua: rewrite links to chapter files into links inside the one combined document.
local dir = (PANDOC_STATE.input_files[1] or ""):match("^(.*)/") or "."
local titles = {}

local function title_id(file)
  if titles[file] == nil then
    titles[file] = false
    local f = io.open(dir .. "/" .. file, "r")
    if f then
      local doc = pandoc.read(f:read("a"), "markdown")
      f:close()
      for _, block in ipairs(doc.blocks) do
        if block.t == "Header" then titles[file] = block.identifier break end
      end
    end
  end
  return titles[file]
end

function Link(link)
  local file, frag = link.target:match("^([%w%-_]+%.md)(#?.*)$")
  if not file then return nil end
  if frag ~= "" and frag ~= "#" then
    link.target = frag
  else
    local id = title_id(file)
    if id then link.target = "#" .. id end
  end
  return link
end
EOF

# 2. The build script: chapters in file-name order, drafts (_*.md) left out, both outputs.
cat > build.sh <<'EOF'
#!/bin/bash
# build.sh: build out/handbook.html and out/handbook.odt from chapters/*.md (drafts _*.md skipped).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
mkdir -p out
mapfile -t chapters < <(find chapters -maxdepth 1 -name '*.md' ! -name '_*' | LC_ALL=C sort)
common=(--from markdown --metadata-file=metadata.yaml --toc --toc-depth=2 --number-sections
        --resource-path=chapters --lua-filter=links.lua)
pandoc "${common[@]}" --standalone --self-contained --css=handbook.css -o out/handbook.html "${chapters[@]}"
pandoc "${common[@]}" --reference-doc=reference.odt -o out/handbook.odt "${chapters[@]}"
EOF
chmod 0755 build.sh

# 3. Build it.
./build.sh

# 4. Check: no link to a .md file left, the TOC and the brand style are there.
test -z "$(grep -o 'href="[^"]*\.md[#"]' out/handbook.html)"
grep -c 'header-section-number' out/handbook.html
python3 -c "import zipfile; print(zipfile.ZipFile('out/handbook.odt').read('styles.xml').count(b'Acme_20_Handbook'))"
