# Team prompt, v1 (2023). Source it from ~/.bashrc:  . /opt/teamshell/prompt.bash
# Shows user@host, the directory, the git branch and the last exit status.

parse_git_branch() {
    git branch 2>/dev/null | sed -n 's/^\* \(.*\)/ (\1)/p'
}

parse_git_dirty() {
    [ -n "$(git status --porcelain 2>/dev/null)" ] && echo '*'
}

PS1='\[\e[32m\]\u@\h\[\e[0m\]:\w\[\e[33m\]$(parse_git_branch)$(parse_git_dirty)\[\e[0m\]\$ '

if [ -n "$VIRTUAL_ENV" ]; then
    PS1="($(basename $VIRTUAL_ENV)) $PS1"
fi

PROMPT_COMMAND='EXIT=$?; if [ $EXIT != 0 ]; then echo -e "\e[31m[$EXIT]\e[0m"; fi'
