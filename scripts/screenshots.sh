#!/usr/bin/env bash
# Takes the screenshots of docs/screenshots again: builds the debug preset (which has the
# screenshot program) and runs it under a virtual X server, in British English so dates
# look as most users see them.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
scripts/build.sh debug
directory="${1:-docs/screenshots}"
LANG=en_GB.UTF-8 QT_LOGGING_RULES="slotline.*.info=false" ASAN_OPTIONS=detect_leaks=0 \
    xvfb-run -a -s "-screen 0 1600x1000x24" \
    build/debug/tests/gui/slotline-screenshots "$directory"
# A dark palette (Fusion), as a dark desktop theme gives it: the app paints with its colours.
LANG=en_GB.UTF-8 QT_LOGGING_RULES="slotline.*.info=false" ASAN_OPTIONS=detect_leaks=0 \
    xvfb-run -a -s "-screen 0 1600x1000x24" \
    build/debug/tests/gui/slotline-screenshots --dark --suffix -dark \
    --shots main-window,calendar-week,settings-project "$directory"
# A high-DPI screen (twice the pixels): text, icons and the calendar stay sharp.
LANG=en_GB.UTF-8 QT_SCALE_FACTOR=2 QT_LOGGING_RULES="slotline.*.info=false" \
    ASAN_OPTIONS=detect_leaks=0 xvfb-run -a -s "-screen 0 3200x2000x24" \
    build/debug/tests/gui/slotline-screenshots --suffix -hidpi \
    --shots main-window,calendar-week "$directory"
# In German, as a German desktop starts it.
LANG=de_DE.UTF-8 QT_LOGGING_RULES="slotline.*.info=false" ASAN_OPTIONS=detect_leaks=0 \
    xvfb-run -a -s "-screen 0 1600x1000x24" \
    build/debug/tests/gui/slotline-screenshots --suffix -de --shots calendar-week "$directory"
# A drag in progress, taken in the middle of the real mouse drag of the calendar's test.
LANG=en_GB.UTF-8 QT_LOGGING_RULES="slotline.*.info=false" ASAN_OPTIONS=detect_leaks=0 \
    SLOTLINE_DRAG_SCREENSHOT="$directory/calendar-drag.png" QT_QPA_PLATFORM=xcb \
    xvfb-run -a -s "-screen 0 1600x1000x24" \
    build/debug/tests/gui/tst_calendardrag \
    "aDraftDroppedOnASlotIsScheduledAtTheSlotsTime:a slot for one account" >/dev/null
echo "wrote $directory/calendar-drag.png"
