" The team's shared vimrc (what `vim -u tools/team.vimrc` loads).
set ignorecase smartcase
set gdefault
set joinspaces
set textwidth=100
set hidden
