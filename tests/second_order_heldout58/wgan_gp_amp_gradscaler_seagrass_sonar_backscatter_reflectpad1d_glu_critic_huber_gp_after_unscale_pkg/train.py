import functools

import torch

import config
from losses import gradient_penalty, interpolate, scaled_input_gradient, wasserstein_d, wasserstein_g
from models import GatedCritic, ProfileGenerator


def backscatter_profiles(n, length):
    r = torch.linspace(0, 1, length)
    canopy = 0.3 + 0.4 * torch.rand(n, 1)
    seabed = 0.6 + 0.3 * torch.rand(n, 1)
    prof = torch.exp(-((r - canopy) / 0.08) ** 2) * torch.rand(n, 1) + 1.5 * torch.exp(-((r - seabed) / 0.03) ** 2)
    return (prof + 0.05 * torch.rand(n, length)).unsqueeze(1)


def main():
    torch.manual_seed(2)
    amp = config.AMP
    autocast = functools.partial(torch.autocast, device_type=amp["device_type"],
                                 dtype=getattr(torch, amp["dtype"]), enabled=amp["enabled"])
    scaler_d = torch.amp.GradScaler(amp["device_type"], init_scale=amp["init_scale"], enabled=amp["enabled"])
    scaler_g = torch.amp.GradScaler(amp["device_type"], init_scale=amp["init_scale"], enabled=amp["enabled"])
    critic = GatedCritic(**config.CRITIC)
    gen = ProfileGenerator(config.Z_DIM, config.PROFILE_LEN, **config.GENERATOR)
    tc = config.TRAIN
    opt_d = torch.optim.Adam(critic.parameters(), lr=tc["lr"], betas=tc["betas"])
    opt_g = torch.optim.Adam(gen.parameters(), lr=tc["lr"], betas=tc["betas"])
    data = backscatter_profiles(128, config.PROFILE_LEN)

    for step in range(tc["steps"]):
        for _ in range(tc["n_critic"]):
            real = data[torch.randint(0, len(data), (tc["batch"],))]
            with torch.no_grad(), autocast():
                fake = gen(torch.randn(tc["batch"], config.Z_DIM)).float()
            grad = scaled_input_gradient(critic, interpolate(real, fake), scaler_d, autocast)
            with autocast():
                gp = gradient_penalty(grad, config.GP["kind"], config.GP["huber_beta"])
                d_loss = wasserstein_d(critic, real, fake) + config.GP["weight"] * gp
            opt_d.zero_grad(set_to_none=True)
            scaler_d.scale(d_loss).backward()
            scaler_d.step(opt_d)
            scaler_d.update()

        with autocast():
            g_loss = wasserstein_g(critic, gen(torch.randn(tc["batch"], config.Z_DIM)))
        opt_g.zero_grad(set_to_none=True)
        scaler_g.scale(g_loss).backward()
        scaler_g.step(opt_g)
        scaler_g.update()
        print(f"step {step} d_loss {d_loss.item():.4f} gp {gp.item():.4f} g_loss {g_loss.item():.4f} "
              f"scale {scaler_d.get_scale():.0f}")


if __name__ == "__main__":
    main()
