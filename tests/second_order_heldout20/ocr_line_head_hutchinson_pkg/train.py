import torch

from curvature import HeadCurvature
from losses import column_nll
from models import LineRecognizer

model = LineRecognizer()
opt = torch.optim.Adam(model.parameters(), lr=3e-4)
probe = HeadCurvature(model, column_nll)
for epoch in range(2):
    imgs = torch.randn(4, 1, 8, 24)
    tgts = torch.randint(0, 30, (4, 24))
    loss = column_nll(model(imgs), tgts)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(epoch, loss.item(), probe.trace(imgs, tgts))
