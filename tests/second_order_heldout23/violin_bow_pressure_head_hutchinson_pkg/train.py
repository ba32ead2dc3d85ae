import torch
import torch.nn as nn

from curvature import hutchinson_trace
from losses import soft_label_loss
from models import BowNet

net = nn.DataParallel(BowNet())
opt = torch.optim.SGD(net.parameters(), lr=1e-2, momentum=0.9)
rho = 1e-3

for step in range(3):
    audio = torch.randn(8, 1, 256)
    soft = torch.softmax(torch.randn(8, 5), dim=-1)
    loss = soft_label_loss(net, audio, soft)
    flat = hutchinson_trace(loss, net.module.head.parameters())
    total = loss + rho * flat
    opt.zero_grad()
    total.backward()
    opt.step()
