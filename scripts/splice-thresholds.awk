# awk -f splice-thresholds.awk SECTION CONFIG: CONFIG with its thresholds section replaced
# by the file SECTION (`higlint rules --format thresholds`). The section is the run of
# comment lines just above `thresholds:`, that line, and the indented lines under it.
NR == FNR { section = section $0 "\n"; next }
inside && /^[ \t]/ { next }
{ inside = 0 }
# Comment lines are held until the next line shows whether they introduce the section.
/^#/ { held = held $0 "\n"; next }
/^thresholds:/ { printf "%s", section; held = ""; inside = 1; next }
{ printf "%s", held; held = ""; print }
END { printf "%s", held }
