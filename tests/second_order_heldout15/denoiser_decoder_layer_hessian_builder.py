# Hessian-diagonal (Hutchinson) saliency of one decoder conv of a denoising autoencoder, used to
# pick channels to prune (OBD-style). The decoder comes from a builder; the layer is picked by index.
import torch
import torch.nn as nn


def make_encoder():
    return nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.PReLU(), nn.Conv2d(8, 8, 3, stride=2, padding=1))


def make_decoder(ch=8):
    return nn.Sequential(
        nn.ConvTranspose2d(ch, ch, 4, 2, 1),
        nn.ReLU6(),
        nn.Conv2d(ch, ch, 3, padding=1),
        nn.Conv2d(ch, ch, 3, padding=1),
        nn.Hardswish(),
        nn.Conv2d(ch, 1, 3, padding=1),
    )


class DAE(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = make_encoder()
        self.dec = make_decoder()

    def forward(self, x):
        return self.dec(self.enc(x))


def layer_hessian_diag(model, layer, noisy, clean, n_samples=2):
    params = [layer.weight]
    loss = ((model(noisy) - clean) ** 2).mean()
    g, = torch.autograd.grad(loss, params, create_graph=True)
    diag = torch.zeros_like(params[0])
    for _ in range(n_samples):
        v = torch.randint_like(g, 2) * 2 - 1
        hv, = torch.autograd.grad(g, params, grad_outputs=v, retain_graph=True)
        diag += hv * v / n_samples
    return diag


model = DAE()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for step in range(2):
    clean = torch.rand(2, 1, 16, 16)
    noisy = clean + 0.1 * torch.randn_like(clean)
    loss = ((model(noisy) - clean) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
target = model.dec[3]
h = layer_hessian_diag(model, target, noisy, clean)
saliency = (h * target.weight.detach() ** 2).sum(dim=(1, 2, 3))
print("prune channel", int(saliency.argmin()))
