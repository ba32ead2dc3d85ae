import torch
import torch.nn as nn

from curvature import HutchinsonDiag
from losses import OnsetCriterion
from models import FlutterNet


def main(steps=2):
    net = nn.DataParallel(FlutterNet())
    criterion = OnsetCriterion()
    estimator = HutchinsonDiag()
    trunk_opt = torch.optim.SGD(net.module.trunk.parameters(), lr=1e-2)
    head_params = list(net.module.head.parameters())
    for step in range(steps):
        x = torch.randn(16, 3, 64)
        y = torch.randint(0, 3, (16,))
        loss = criterion(net(x), y)
        grads, diag = estimator(loss, head_params)
        trunk_opt.zero_grad()
        loss.backward(inputs=list(net.module.trunk.parameters()))
        trunk_opt.step()
        with torch.no_grad():
            for p, g, d in zip(head_params, grads, diag):
                p -= 0.05 * g / (d.abs() + 1e-3)
        print(step, loss.item())


if __name__ == "__main__":
    main()
