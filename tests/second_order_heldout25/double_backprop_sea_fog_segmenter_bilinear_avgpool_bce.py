# Double backpropagation (Drucker & LeCun 1992) for a sea-fog segmentation net on geostationary
# satellite patches: the norm of d(loss)/d(input) is penalised so the mask is robust to calibration noise.
import torch
import torch.nn as nn
import torch.nn.functional as F


class FogSeg(nn.Module):
    def __init__(self, bands=4, base=8):
        super().__init__()
        self.enc1 = nn.Conv2d(bands, base, 3, padding=1)
        self.pool = nn.AvgPool2d(2)
        self.enc2 = nn.Conv2d(base, 2 * base, 3, padding=1)
        self.head = nn.Conv2d(2 * base, 1, 1)

    def forward(self, x):
        h = torch.relu(self.enc1(x))
        h = torch.relu(self.enc2(self.pool(h)))
        h = F.interpolate(h, scale_factor=2, mode="bilinear", align_corners=False)
        return self.head(h)


net = FogSeg()
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
eta = 0.05
for it in range(3):
    x = torch.randn(2, 4, 32, 32, requires_grad=True)
    mask = (torch.rand(2, 1, 32, 32) > 0.7).float()
    loss = F.binary_cross_entropy_with_logits(net(x), mask)
    dx, = torch.autograd.grad(loss, x, create_graph=True)
    total = loss + eta * dx.pow(2).sum()
    opt.zero_grad()
    total.backward()
    opt.step()
    print(it, loss.item(), total.item())
