"""One meta-step per hive: adapt fc1's weight on the support days, score on the query days."""
import torch
import torch.nn.functional as F

import hive_opts
from hive_net import HiveNet


def meta_train(o=hive_opts.HIVE):
    net = HiveNet._from_opts(o)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for _ in range(o.tasks):
        t_s, t_q = torch.rand(6, 1), torch.rand(6, 1)
        y_s, y_q = torch.sin(3 * t_s), torch.sin(3 * t_q)
        w = net.fc1.weight
        (g,) = torch.autograd.grad(F.mse_loss(net(t_s, w), y_s), w, create_graph=True)
        fast = w - o.inner_lr * g
        opt.zero_grad()
        F.mse_loss(net(t_q, fast), y_q).backward()
        opt.step()


if __name__ == "__main__":
    meta_train()
