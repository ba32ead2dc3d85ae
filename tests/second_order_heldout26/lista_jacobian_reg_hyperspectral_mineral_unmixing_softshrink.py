"""Unrolled LISTA sparse unmixing of hyperspectral pixels into mineral abundances, with a
Jacobian (input-sensitivity) penalty estimated by random projections (Hoffman et al. 2019)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

BANDS, MINERALS, UNROLL = 20, 5, 3


class LISTA(nn.Module):
    def __init__(self, bands=BANDS, atoms=MINERALS, unroll=UNROLL, lambd=0.05):
        super().__init__()
        self.W = nn.Linear(bands, atoms, bias=False)
        self.S = nn.ModuleList([nn.Linear(atoms, atoms, bias=False) for _ in range(unroll)])
        self.shrink = nn.ModuleList([nn.Softshrink(lambd) for _ in range(unroll + 1)])
        self.clip = nn.Hardtanh(0.0, 1.0)

    def forward(self, y):
        b = self.W(y)
        z = self.shrink[0](b)
        for S, shrink in zip(self.S, self.shrink[1:]):
            z = shrink(b + S(z))
        return self.clip(z)


def jacobian_penalty(codes, spectra, n_proj=1):
    total = 0.0
    for _ in range(n_proj):
        v = torch.randn_like(codes)
        v = v / v.norm(dim=1, keepdim=True)
        (Jv,) = torch.autograd.grad((codes * v).sum(), spectra, create_graph=True)
        total = total + MINERALS * Jv.pow(2).sum() / (n_proj * codes.size(0))
    return total


endmembers = torch.rand(MINERALS, BANDS)
model = LISTA()
decoder = nn.Linear(MINERALS, BANDS, bias=False)
decoder.weight.data.copy_(endmembers.t())
opt = torch.optim.Adam(list(model.parameters()) + list(decoder.parameters()), lr=1e-3)

for step in range(3):
    abund = torch.distributions.Dirichlet(torch.full((MINERALS,), 0.3)).sample((16,))
    spectra = (abund @ endmembers + 0.01 * torch.randn(16, BANDS)).requires_grad_(True)
    codes = model(spectra)
    recon = decoder(codes)
    loss = F.mse_loss(recon, spectra.detach()) + 0.01 * jacobian_penalty(codes, spectra)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, loss.item())
