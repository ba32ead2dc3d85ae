"""Forecast the final gravity of a beer fermentation from the first 24 hourly hydrometer readings.

Evaluation runs under torch.no_grad(); inside it an enable_grad() block builds a sensitivity report
(d forecast / d reading, via torch.autograd.functional.jacobian) that the brewers use to see which
hours of the curve drive the forecast. Nothing is differentiated through that report.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

HOURS, BATCH, EPOCHS = 24, 16, 5


class GravityForecaster(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.conv = nn.Conv1d(2, ch, 5, padding=2)
        self.pool = nn.LPPool1d(2, kernel_size=4)
        self.mlp = nn.Sequential(nn.Linear(ch * HOURS // 4, 32), nn.SELU(), nn.Linear(32, 1))

    def forward(self, readings, temp):
        h = self.pool(F.selu(self.conv(torch.stack([readings, temp], dim=1))))
        return self.mlp(h.flatten(1)).squeeze(-1)


def fermentations(n):
    og = 1.040 + 0.03 * torch.rand(n, 1)
    attenuation = 0.65 + 0.2 * torch.rand(n, 1)
    rate = 0.05 + 0.1 * torch.rand(n, 1)
    t = torch.arange(HOURS).float()[None]
    fg = og - (og - 1.0) * attenuation
    curve = fg + (og - fg) * torch.exp(-rate * t)
    temp = 18 + 2 * torch.randn(n, 1) + 0.05 * t
    return (curve - 1.0) * 100, (temp - 18) / 4, ((fg - 1.0) * 100).squeeze(1)


@torch.no_grad()
def evaluate(model, readings, temp, target):
    pred = model(readings, temp)
    mae = (pred - target).abs().mean().item()
    with torch.enable_grad():
        r = readings[:2].clone().requires_grad_(True)
        jac = torch.autograd.functional.jacobian(lambda inp: model(inp, temp[:2]), r)
        sens = jac.diagonal(dim1=0, dim2=1).T.abs()
        grad_r, = torch.autograd.grad(model(r, temp[:2]).sum(), r)
    return mae, sens.argmax(dim=1).tolist(), grad_r.norm().item()


def main():
    torch.manual_seed(41)
    model = GravityForecaster()
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    for epoch in range(EPOCHS):
        readings, temp, target = fermentations(BATCH)
        loss = F.huber_loss(model(readings, temp), target, delta=0.5)
        opt.zero_grad()
        loss.backward()
        opt.step()
        mae, key_hours, gnorm = evaluate(model, *fermentations(BATCH))
        print(f"epoch {epoch}: loss={loss.item():.4f} val mae={mae:.4f} key hours={key_hours} |dF/dr|={gnorm:.3f}")


if __name__ == "__main__":
    main()
