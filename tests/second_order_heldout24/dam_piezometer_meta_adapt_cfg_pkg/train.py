import torch

from config import MetaConfig
from meta import meta_loss
from models import SeepageNet


def make_task(n=8):
    x = torch.randn(2 * n, 4, 16)
    y = x[:, :, -1].mean(1, keepdim=True) * torch.rand(1)
    return x[:n], y[:n], x[n:], y[n:]


cfg = MetaConfig(second_order=True, inner_steps=2)
net = SeepageNet()
outer = torch.optim.Adam(net.parameters(), lr=1e-3)
for it in range(3):
    tasks = [make_task() for _ in range(cfg.tasks_per_batch)]
    loss = meta_loss(net, tasks, cfg)
    outer.zero_grad()
    loss.backward()
    outer.step()
