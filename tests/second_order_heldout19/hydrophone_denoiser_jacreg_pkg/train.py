import torch
import torch.nn as nn
import torch.nn.functional as F

from models import SpectrogramDenoiser
from regularizers import encoder_jacobian_penalty

net = nn.DataParallel(SpectrogramDenoiser())
optimizer = torch.optim.AdamW(net.parameters(), lr=3e-4)
jac_weight = 0.05

for step in range(2):
    clean = torch.rand(4, 1, 16, 16)
    noisy = clean + 0.1 * torch.randn_like(clean)
    recon = net(noisy)
    loss = F.mse_loss(recon, clean) + jac_weight * encoder_jacobian_penalty(net.module, noisy)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
