import torch
import torch.nn as nn

from curvature import HutchinsonTrace
from losses import risk_loss
from models import CavitationNet

net = nn.DataParallel(CavitationNet())
opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
trace_of = HutchinsonTrace(n_samples=1)
pos_weight = torch.tensor(3.0)
beta = 1e-3

for step in range(3):
    spec = torch.randn(4, 1, 16, 16)
    labels = torch.randint(0, 2, (4,)).float()
    loss = risk_loss(net(spec), labels, pos_weight)
    tr = trace_of(loss, net.module.head.parameters())
    total = loss + beta * tr
    opt.zero_grad()
    total.backward()
    opt.step()
