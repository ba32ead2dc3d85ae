import torch

from curvature import hutchinson_trace
from losses import range_loss
from models import MODELS

ARCH = "wide"
FLATNESS = 1e-3

model = MODELS[ARCH](d_in=6)
opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
for step in range(3):
    throws = torch.randn(16, 6)
    distance = torch.rand(16) * 100
    loss = range_loss(model(throws), distance / 100)
    penalty = hutchinson_trace(loss, model.head.parameters())
    total = loss + FLATNESS * penalty
    opt.zero_grad()
    total.backward()
    opt.step()
    print(step, loss.item(), penalty.item())
