#include "support/reusableport.h"

#include <QRandomGenerator>
#include <QTcpServer>

namespace slotline::test {

quint16 reusablePort()
{
    for (int attempt = 0; attempt < 200; ++attempt) {
        const auto port = quint16(QRandomGenerator::global()->bounded(20'000, 32'000));
        QTcpServer probe;
        if (probe.listen(QHostAddress::LocalHost, port))
            return port;
    }
    qFatal("no free port between 20000 and 32000");
}

} // namespace slotline::test
