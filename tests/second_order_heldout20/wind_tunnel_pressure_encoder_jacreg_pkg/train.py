import torch
import torch.nn as nn

from models import WingAutoencoder
from regularizers import jacobian_penalty

model = nn.DataParallel(WingAutoencoder())
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
beta = 0.01
for step in range(3):
    p = torch.randn(8, 1, 16, 16)
    recon = model(p)
    loss = ((recon - p) ** 2).mean() + beta * jacobian_penalty(model.module.encoder, p)
    opt.zero_grad()
    loss.backward()
    opt.step()
