"""Few-shot calibration of soil-nutrient regressors from near-infrared spectra, one task per field site.

MAML with the whole meta-batch of tasks adapted in parallel: the inner loop is torch.func.grad over a
functional_call of the spectral network, vmapped over tasks; the query loss of the adapted parameters is
back-propagated into the shared initialisation (second order, no create_graph flag needed).
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

N_BANDS, META_BATCH, K_SHOT, K_QUERY = 64, 4, 5, 10
INNER_LRS = (0.05, 0.03)           # one entry per inner step
META_STEPS = 4


class SpectralRegressor(nn.Module):
    def __init__(self, channels=8):
        super().__init__()
        self.pad = nn.ConstantPad1d(2, 0.0)
        self.conv = nn.Conv1d(1, channels, kernel_size=5)
        self.conv2 = nn.Conv1d(channels, channels, kernel_size=3, stride=2)
        self.fc = nn.Linear(channels * 31, 32)
        self.out = nn.Linear(32, 1)

    def forward(self, spectra):
        h = self.conv(self.pad(spectra.unsqueeze(1)))
        h = F.elu(h)
        h = torch.tanh(self.conv2(h)).flatten(1)
        return self.out(torch.tanh(self.fc(h))).squeeze(-1)


def sample_tasks(n_tasks):
    wav = torch.linspace(0, 1, N_BANDS)
    xs, ys = [], []
    for _ in range(n_tasks):
        centre, scale = torch.rand(1), 0.5 + torch.rand(1)
        spectra = torch.randn(K_SHOT + K_QUERY, N_BANDS) * 0.1 + torch.exp(-((wav - centre) ** 2) / 0.02)
        target = scale * spectra[:, :8].mean(1) + 0.05 * torch.randn(K_SHOT + K_QUERY)
        xs.append(spectra); ys.append(target)
    x, y = torch.stack(xs), torch.stack(ys)
    return x[:, :K_SHOT], y[:, :K_SHOT], x[:, K_SHOT:], y[:, K_SHOT:]


def build_meta_objective(model):
    def support_loss(params, x, y):
        return F.smooth_l1_loss(functional_call(model, params, (x,)), y, beta=0.5)

    def adapt_and_query(params, xs, ys, xq, yq):
        fast = params
        for lr in INNER_LRS:
            g = grad(support_loss)(fast, xs, ys)
            fast = {k: fast[k] - lr * g[k] for k in fast}
        pred = functional_call(model, fast, (xq,))
        return F.smooth_l1_loss(pred, yq, beta=0.5)

    return vmap(adapt_and_query, in_dims=(None, 0, 0, 0, 0))


def main():
    torch.manual_seed(0)
    model = SpectralRegressor()
    meta_objective = build_meta_objective(model)
    meta_opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(META_STEPS):
        xs, ys, xq, yq = sample_tasks(META_BATCH)
        params = dict(model.named_parameters())
        query_losses = meta_objective(params, xs, ys, xq, yq)
        meta_loss = query_losses.mean()
        meta_opt.zero_grad()
        meta_loss.backward()
        meta_opt.step()
        print(f"meta step {it}: query smooth-L1 {meta_loss.item():.4f}")


if __name__ == "__main__":
    main()
