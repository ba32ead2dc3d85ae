import torch
import torch.nn as nn

from losses import JacobianPenalty, reconstruction
from models import ARCHS

arch = "hull_ae"
model = ARCHS[arch](width=8, latent=6)
net = nn.DataParallel(model)
jac_reg = JacobianPenalty(net.module.encoder, n_proj=1)
opt = torch.optim.Adam(net.parameters(), lr=1e-3)

for epoch in range(2):
    offsets = torch.rand(4, 1, 16, 16)
    recon = net(offsets)
    loss = reconstruction(recon, offsets) + 0.01 * jac_reg(offsets)
    opt.zero_grad()
    loss.backward()
    opt.step()
