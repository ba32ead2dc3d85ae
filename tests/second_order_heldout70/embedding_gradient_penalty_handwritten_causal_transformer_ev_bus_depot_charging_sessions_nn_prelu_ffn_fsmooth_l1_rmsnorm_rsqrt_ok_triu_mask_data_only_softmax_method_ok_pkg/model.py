import math

import torch
import torch.nn as nn

from layers import Block, rms_norm


class DepotChargingModel(nn.Module):
    """Predicts kWh delivered by the next session from a charger's recent session history."""

    def __init__(self, cfg):
        super().__init__()
        self.charger_emb = nn.Parameter(torch.randn(cfg.n_chargers, cfg.d_model) * 0.1)
        self.bus_emb = nn.Parameter(torch.randn(cfg.n_buses, cfg.d_model) * 0.1)
        self.w_cont = nn.Parameter(torch.randn(cfg.n_cont, cfg.d_model) / math.sqrt(cfg.n_cont))
        self.blocks = nn.ModuleList([Block(cfg.d_model, cfg.n_heads, cfg.d_ff, cfg.seq_len) for _ in range(cfg.n_layers)])
        self.g_out = nn.Parameter(torch.ones(cfg.d_model))
        self.w_head = nn.Parameter(torch.randn(cfg.d_model) / math.sqrt(cfg.d_model))

    def embed(self, charger, bus, cont):
        return self.charger_emb[charger] + self.bus_emb[bus] + cont @ self.w_cont

    def encode(self, e):
        h = e
        for blk in self.blocks:
            h = blk(h)
        return rms_norm(h[:, -1], self.g_out) @ self.w_head
