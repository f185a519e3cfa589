#include "support/fuzzapplication.h"

#include <QCoreApplication>
#include <QLoggingCategory>

#include <cstdlib>

using namespace Qt::Literals::StringLiterals;

namespace slotline::fuzz {

void startApplication(int *argc, char ***argv)
{
    // The Unix event dispatcher: the Glib one costs more per turn and gives nothing here.
    qputenv("QT_NO_GLIB", "1");
    static QCoreApplication application(*argc, *argv);
    if (qEnvironmentVariableIntValue("SLOTLINE_FUZZ_LOG") == 0)
        QLoggingCategory::setFilterRules(u"*.debug=false\n*.info=false\n*.warning=false"_s);
}

} // namespace slotline::fuzz
