import logging

import torch
import torch.nn.functional as F

from config import get_config
from regularizers import REGULARIZERS
from tcn import TCNForecaster

log = logging.getLogger("cso_tcn")


def rain_and_levels(args, gen):
    """Rain gauge pulses routed through two linear reservoirs -> upstream and chamber levels."""
    T = args.window + args.horizon
    rain = (torch.rand(args.batch, T, generator=gen) > 0.85).float() * torch.rand(args.batch, T, generator=gen)
    with torch.no_grad():
        rain_s = F.avg_pool1d(rain.unsqueeze(1), 3, stride=1, padding=1, count_include_pad=False).squeeze(1)
    up, ch = torch.zeros(args.batch), torch.zeros(args.batch)
    ups, chs = [], []
    for t in range(T):
        up = 0.8 * up + rain_s[:, t]
        ch = 0.9 * ch + 0.1 * up
        ups.append(up); chs.append(ch)
    up, ch = torch.stack(ups, 1), torch.stack(chs, 1)
    x = torch.stack([rain_s, up, ch], 1)[:, :, : args.window]
    return x, ch[:, args.window :]


def main():
    args = get_config()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(2)
    model = TCNForecaster(args.n_inputs, args.channels, args.kernel_size, args.horizon)
    reg_fn = REGULARIZERS[args.regularizer]
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    for step in range(args.steps):
        x, y = rain_and_levels(args, gen)
        fit = F.mse_loss(model(x), y)
        reg = reg_fn(model, x)
        loss = fit + args.reg_weight * reg
        opt.zero_grad()
        loss.backward()
        assert model.network[0].conv1.weight.grad is not None
        opt.step()
        log.info("step %d mse %.5f %s %.4f", step, fit.item(), args.regularizer, reg.item())


if __name__ == "__main__":
    main()
