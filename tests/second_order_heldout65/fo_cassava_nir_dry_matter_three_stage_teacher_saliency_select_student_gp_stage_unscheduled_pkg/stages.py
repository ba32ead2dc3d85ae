"""Pipeline stages. Each takes and returns the shared state dict."""
import copy
import logging

import torch
import torch.nn.functional as F

from models import SpectralTeacher, WavelengthStudent

log = logging.getLogger("cassava_nir")
STAGES = {}


def stage(name):
    def deco(fn):
        STAGES[name] = fn
        return fn
    return deco


def synth_spectra(n, n_wl, gen):
    wl = torch.linspace(0, 1, n_wl)
    dm = 20 + 25 * torch.rand(n, generator=gen)                      # dry matter %
    water = torch.exp(-((wl - 0.55) / 0.05) ** 2)                     # O-H band near 1450 nm
    starch = torch.exp(-((wl - 0.8) / 0.07) ** 2)                      # C-H combination band
    scatter = 0.2 * torch.rand(n, 1, generator=gen) * wl
    x = (1 - dm[:, None] / 60) * water + (dm[:, None] / 60) * starch + scatter
    x = x + 0.01 * torch.randn(n, n_wl, generator=gen)
    return (x - x.mean(1, keepdim=True)) / x.std(1, keepdim=True), (dm - 32.5) / 7.5


@stage("pretrain")
def pretrain(state, cfg, gen):
    c = cfg["pretrain"]
    teacher = SpectralTeacher(c["width"])
    opt = torch.optim.Adam(teacher.parameters(), lr=c["lr"])
    for step in range(c["steps"]):
        x, y = synth_spectra(cfg["batch"], cfg["n_wavelengths"], gen)
        loss = F.smooth_l1_loss(teacher(x), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        log.info("[pretrain] %d loss %.4f", step, loss.item())
    state["teacher"] = teacher.eval().requires_grad_(False)
    return state


def wavelength_saliency(model, x):
    x = x.clone().requires_grad_(True)
    (g,) = torch.autograd.grad(model(x).sum(), x)                     # first order, teacher is frozen
    return g.abs().mean(0)


@stage("distill")
def distill(state, cfg, gen):
    c = cfg["distill"]
    teacher = state["teacher"]
    x, _ = synth_spectra(cfg["batch"], cfg["n_wavelengths"], gen)
    keep = wavelength_saliency(teacher, x).topk(c["top_k"]).indices.sort().values
    student = WavelengthStudent(c["top_k"], c["hidden"])
    student_ema = copy.deepcopy(student).requires_grad_(False)
    opt = torch.optim.Adam(student.parameters(), lr=c["lr"])
    for step in range(c["steps"]):
        x, y = synth_spectra(cfg["batch"], cfg["n_wavelengths"], gen)
        with torch.no_grad():
            soft = teacher(x)
        pred = student(x[:, keep])
        loss = F.mse_loss(pred, soft) + 0.5 * F.smooth_l1_loss(pred, y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        with torch.no_grad():
            for pe, ps in zip(student_ema.parameters(), student.parameters()):
                pe.mul_(c["ema"]).add_(ps, alpha=1 - c["ema"])
        log.info("[distill] %d loss %.4f", step, loss.item())
    state.update(student=student_ema, keep=keep)
    return state


@stage("robust_finetune")
def robust_finetune(state, cfg, gen):
    """Input-gradient regularised fine-tuning of the student (double backprop); kept for ablations."""
    c = cfg["robust_finetune"]
    student, keep = state["student"].requires_grad_(True), state["keep"]
    opt = torch.optim.Adam(student.parameters(), lr=c["lr"])
    for step in range(c["steps"]):
        x, y = synth_spectra(cfg["batch"], cfg["n_wavelengths"], gen)
        xs = x[:, keep].requires_grad_(True)
        loss = F.smooth_l1_loss(student(xs), y)
        (gx,) = torch.autograd.grad(loss, xs, create_graph=True)
        total = loss + c["input_grad_weight"] * gx.pow(2).sum(1).mean()
        opt.zero_grad(set_to_none=True)
        total.backward()
        opt.step()
    return state


@stage("calibrate")
@torch.no_grad()
def calibrate(state, cfg, gen):
    c = cfg["calibrate"]
    x, y = synth_spectra(c["n"], cfg["n_wavelengths"], gen)
    resid = (state["student"](x[:, state["keep"]]) - y).abs()
    q = torch.quantile(resid, 1 - c["alpha"])
    state["interval_halfwidth_pct"] = (q * 7.5).item()
    log.info("[calibrate] %.0f%% interval +/- %.2f %% dry matter", 100 * (1 - c["alpha"]),
             state["interval_halfwidth_pct"])
    return state
