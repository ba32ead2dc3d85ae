import torch
import torch.nn.functional as F
from torch.func import functional_call

from config import MetaConfig
from meta import adapt
from models import SwarmNet

cfg = MetaConfig(inner_lr=0.05, first_order=True)
model = SwarmNet()
meta_opt = torch.optim.Adam(model.parameters(), lr=1e-3)


def hive_task():
    x = torch.randn(20, 20)
    y = (torch.rand(20) > 0.5).float()
    return (x[:10], y[:10]), (x[10:], y[10:])


for it in range(2):
    meta_opt.zero_grad()
    for _ in range(cfg.meta_batch):
        support, query = hive_task()
        fast = adapt(model, support, cfg)
        q_loss = F.binary_cross_entropy_with_logits(functional_call(model, fast, (query[0],)), query[1])
        (q_loss / cfg.meta_batch).backward()
    meta_opt.step()
