import torch

from config import MetaConfig
from meta import inner_loop, outer_loss
from models import ReefConvNet

cfg = MetaConfig(second_order=False, inner_steps=2)
model = ReefConvNet(cfg.n_way)
meta_opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for episode in range(2):
    support = (torch.randn(6, 3, 12, 12), torch.arange(3).repeat(2))
    query = (torch.randn(6, 3, 12, 12), torch.arange(3).repeat(2))
    fast = inner_loop(model, support, cfg)
    meta_opt.zero_grad()
    outer_loss(model, fast, query).backward()
    meta_opt.step()
