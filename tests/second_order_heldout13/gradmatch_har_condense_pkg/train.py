"""Learn 2 synthetic windows per activity whose network gradients match those of the real data."""
import torch

from condense import matching_loss
from models import TCNConfig, make_tcn


def main(iters=2, ipc=2, n_classes=6, seq=64):
    cfg = TCNConfig(act="relu6", pool="avg", n_classes=n_classes)
    x_syn = torch.randn(n_classes * ipc, cfg.in_ch, seq, requires_grad=True)
    y_syn = torch.arange(n_classes).repeat_interleave(ipc)
    opt_x = torch.optim.SGD([x_syn], lr=0.1, momentum=0.5)
    for it in range(iters):
        net = make_tcn(cfg)
        total = 0.0
        for c in range(n_classes):
            x_real = torch.randn(8, cfg.in_ch, seq)
            y_real = torch.full((8,), c)
            sl = slice(c * ipc, (c + 1) * ipc)
            total = total + matching_loss(net, x_real, y_real, x_syn[sl], y_syn[sl], create_graph=True)
        opt_x.zero_grad()
        total.backward()
        opt_x.step()
        print(it, float(total))


if __name__ == "__main__":
    main()
