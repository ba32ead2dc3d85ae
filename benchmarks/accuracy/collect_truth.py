"""Runs small random-weight models of one package under the recorder and writes truth/<pkg>-<version>.json.

Needs torch and the package (the evaluation venv, see README); downloads no weights.
Usage: python collect_truth.py transformers [--out truth/]
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
import traceback
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

DIST = {"transformers": "transformers", "diffusers": "diffusers", "kornia": "kornia",
        "x_transformers": "x-transformers", "monai": "monai"}


def _train_step(model, loss, params=None, lr=1e-3):
    import torch
    loss.backward()
    opt = torch.optim.AdamW(params if params is not None else model.parameters(), lr=lr)
    opt.step()
    opt.zero_grad()


# ---- scenarios: each builds a tiny model from a config and runs it ---------------------------

def transformers_scenarios():
    import torch
    import transformers as T

    ids = torch.randint(0, 99, (2, 8))
    mask = torch.ones(2, 8, dtype=torch.long)
    mask[1, 6:] = 0

    def text(cls, cfg_cls, labels=True, **cfg):
        def run():
            base = dict(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                        intermediate_size=37, max_position_embeddings=64)
            base.update(cfg)
            model = cls(cfg_cls(**base))
            model.train()
            out = model(input_ids=ids, attention_mask=mask, labels=ids if labels else None)
            _train_step(model, out.loss if labels else out[0].float().pow(2).mean())
            model.eval()
            with torch.no_grad():
                model(input_ids=ids, attention_mask=mask)
        return run

    def gen(cls, cfg_cls, **cfg):
        def run():
            model = cls(cfg_cls(**cfg)).eval()
            model.generate(ids[:, :4], attention_mask=mask[:, :4], max_new_tokens=3, do_sample=False,
                           pad_token_id=0)
        return run

    def seq2seq(cls, cfg_cls, **cfg):
        def run():
            model = cls(cfg_cls(**cfg))
            out = model(input_ids=ids, attention_mask=mask, labels=ids[:, :5].clone())
            _train_step(model, out.loss)
            model.eval().generate(ids, attention_mask=mask, max_new_tokens=3, decoder_start_token_id=0)
        return run

    def vision(cls, cfg_cls, size=32, **cfg):
        def run():
            model = cls(cfg_cls(**cfg))
            out = model(pixel_values=torch.randn(2, 3, size, size), labels=torch.tensor([0, 1]))
            _train_step(model, out.loss)
        return run

    def wav2vec2():
        cfg = T.Wav2Vec2Config(vocab_size=32, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                               intermediate_size=37, conv_dim=(16, 16), conv_stride=(4, 4), conv_kernel=(8, 8),
                               num_conv_pos_embeddings=16, num_conv_pos_embedding_groups=2)
        model = T.Wav2Vec2ForCTC(cfg)
        out = model(torch.randn(2, 1600), labels=torch.randint(1, 32, (2, 5)))
        _train_step(model, out.loss)

    def whisper():
        cfg = T.WhisperConfig(vocab_size=99, d_model=32, encoder_layers=2, decoder_layers=2,
                              encoder_attention_heads=4, decoder_attention_heads=4, encoder_ffn_dim=37,
                              decoder_ffn_dim=37, num_mel_bins=16, max_source_positions=30,
                              max_target_positions=40, decoder_start_token_id=1, pad_token_id=0)
        model = T.WhisperForConditionalGeneration(cfg)
        out = model(input_features=torch.randn(2, 16, 60), labels=ids[:, :5].clone())
        _train_step(model, out.loss)

    def clip():
        tcfg = dict(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                    intermediate_size=37, max_position_embeddings=16)
        vcfg = dict(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37,
                    image_size=32, patch_size=8)
        model = T.CLIPModel(T.CLIPConfig(text_config=tcfg, vision_config=vcfg, projection_dim=16))
        out = model(input_ids=ids, attention_mask=mask, pixel_values=torch.randn(2, 3, 32, 32), return_loss=True)
        _train_step(model, out.loss)

    return {
        "bert-mlm": text(T.BertForMaskedLM, T.BertConfig),
        "roberta-cls": lambda: _cls(T.RobertaForSequenceClassification, T.RobertaConfig, ids, mask),
        "distilbert-mlm": text(T.DistilBertForMaskedLM, T.DistilBertConfig, dim=32, n_layers=2, n_heads=4,
                               hidden_dim=37),
        "gpt2-lm": text(T.GPT2LMHeadModel, T.GPT2Config, n_embd=32, n_layer=2, n_head=4, n_positions=64),
        "gpt2-generate": gen(T.GPT2LMHeadModel, T.GPT2Config, vocab_size=99, n_embd=32, n_layer=2, n_head=4),
        "llama-lm": text(T.LlamaForCausalLM, T.LlamaConfig, num_key_value_heads=2),
        "llama-generate": gen(T.LlamaForCausalLM, T.LlamaConfig, vocab_size=99, hidden_size=32,
                              num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                              intermediate_size=37),
        "mistral-lm": text(T.MistralForCausalLM, T.MistralConfig, num_key_value_heads=2, sliding_window=4),
        "qwen2-lm": text(T.Qwen2ForCausalLM, T.Qwen2Config, num_key_value_heads=2),
        "t5-seq2seq": seq2seq(T.T5ForConditionalGeneration, T.T5Config, vocab_size=99, d_model=32, d_kv=8,
                              d_ff=37, num_layers=2, num_heads=4, decoder_start_token_id=0),
        "bart-seq2seq": seq2seq(T.BartForConditionalGeneration, T.BartConfig, vocab_size=99, d_model=32,
                                encoder_layers=2, decoder_layers=2, encoder_attention_heads=4,
                                decoder_attention_heads=4, encoder_ffn_dim=37, decoder_ffn_dim=37,
                                max_position_embeddings=64),
        "vit-cls": vision(T.ViTForImageClassification, T.ViTConfig, hidden_size=32, num_hidden_layers=2,
                          num_attention_heads=4, intermediate_size=37, image_size=32, patch_size=8, num_labels=3),
        "convnext-cls": vision(T.ConvNextForImageClassification, T.ConvNextConfig, num_channels=3,
                               hidden_sizes=[8, 16], depths=[1, 1], num_stages=2, num_labels=3),
        "swin-cls": vision(T.SwinForImageClassification, T.SwinConfig, image_size=32, patch_size=4, embed_dim=16,
                           depths=[1, 1], num_heads=[2, 2], window_size=4, num_labels=3),
        "wav2vec2-ctc": wav2vec2,
        "whisper-seq2seq": whisper,
        "clip-contrastive": clip,
    }


def _cls(cls, cfg_cls, ids, mask):
    import torch
    cfg = cfg_cls(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                  intermediate_size=37, max_position_embeddings=64, num_labels=3)
    model = cls(cfg)
    out = model(input_ids=ids, attention_mask=mask, labels=torch.tensor([0, 2]))
    _train_step(model, out.loss)


def diffusers_scenarios():
    import torch
    import diffusers as D

    def unet2d():
        model = D.UNet2DModel(sample_size=16, in_channels=3, out_channels=3, layers_per_block=1,
                              block_out_channels=(16, 32), norm_num_groups=8,
                              down_block_types=("DownBlock2D", "AttnDownBlock2D"),
                              up_block_types=("AttnUpBlock2D", "UpBlock2D"))
        sched = D.DDPMScheduler(num_train_timesteps=50)
        x0 = torch.randn(2, 3, 16, 16)
        noise = torch.randn_like(x0)
        t = torch.randint(0, 50, (2,))
        pred = model(sched.add_noise(x0, noise, t), t).sample
        _train_step(model, torch.nn.functional.mse_loss(pred, noise))
        sched.set_timesteps(3)
        x = torch.randn(1, 3, 16, 16)
        with torch.no_grad():
            for step in sched.timesteps:
                x = sched.step(model(x, step).sample, step, x).prev_sample

    def unet_cond():
        model = D.UNet2DConditionModel(sample_size=16, in_channels=4, out_channels=4, layers_per_block=1,
                                       block_out_channels=(16, 32), norm_num_groups=8, cross_attention_dim=24,
                                       attention_head_dim=4,
                                       down_block_types=("CrossAttnDownBlock2D", "DownBlock2D"),
                                       up_block_types=("UpBlock2D", "CrossAttnUpBlock2D"))
        out = model(torch.randn(2, 4, 16, 16), torch.tensor([3, 7]), encoder_hidden_states=torch.randn(2, 5, 24)).sample
        _train_step(model, out.pow(2).mean())
        sched = D.DDIMScheduler(num_train_timesteps=50)
        sched.set_timesteps(2)
        x = torch.randn(1, 4, 16, 16)
        with torch.no_grad():
            for step in sched.timesteps:
                eps = model(x, step, encoder_hidden_states=torch.randn(1, 5, 24)).sample
                x = sched.step(eps, step, x).prev_sample

    def vae():
        model = D.AutoencoderKL(in_channels=3, out_channels=3, latent_channels=4, block_out_channels=(16, 32),
                                layers_per_block=1, norm_num_groups=8,
                                down_block_types=("DownEncoderBlock2D", "DownEncoderBlock2D"),
                                up_block_types=("UpDecoderBlock2D", "UpDecoderBlock2D"))
        x = torch.randn(2, 3, 16, 16)
        post = model.encode(x).latent_dist
        rec = model.decode(post.sample()).sample
        _train_step(model, torch.nn.functional.mse_loss(rec, x) + 1e-3 * post.kl().mean())

    def dit():
        model = D.DiTTransformer2DModel(num_attention_heads=2, attention_head_dim=8, in_channels=4, out_channels=4,
                                        num_layers=2, sample_size=8, patch_size=2, norm_num_groups=4,
                                        num_embeds_ada_norm=10)
        out = model(torch.randn(2, 4, 8, 8), timestep=torch.tensor([1, 5]), class_labels=torch.tensor([0, 3])).sample
        _train_step(model, out.pow(2).mean())
        sched = D.EulerDiscreteScheduler(num_train_timesteps=50)
        sched.set_timesteps(2)
        x = torch.randn(1, 4, 8, 8) * sched.init_noise_sigma
        with torch.no_grad():
            for step in sched.timesteps:
                xin = sched.scale_model_input(x, step)
                eps = model(xin, timestep=step.reshape(1), class_labels=torch.tensor([1])).sample
                x = sched.step(eps, step, x).prev_sample

    return {"unet2d-ddpm": unet2d, "unet2d-cond-ddim": unet_cond, "autoencoder-kl": vae, "dit-euler": dit}


def kornia_scenarios():
    import torch
    import kornia as K
    import kornia.augmentation as KA

    img = torch.rand(2, 3, 32, 32, requires_grad=True)

    def filters():
        y = K.filters.gaussian_blur2d(img, (5, 5), (1.5, 1.5))
        y = y + K.filters.sobel(img).mean() + K.filters.median_blur(img, (3, 3)).mean()
        y = y + K.filters.laplacian(img, 3).mean() + K.filters.box_blur(img, (3, 3)).mean()
        mag, edges = K.filters.canny(img)
        (y.mean() + mag.mean()).backward()

    def color():
        hsv = K.color.rgb_to_hsv(img)
        lab = K.color.rgb_to_lab(img)
        gray = K.color.rgb_to_grayscale(img)
        yuv = K.color.rgb_to_yuv(img)
        back = K.color.hsv_to_rgb(hsv) + K.color.lab_to_rgb(lab) + K.color.yuv_to_rgb(yuv)
        (back.mean() + gray.mean()).backward()
        K.enhance.adjust_brightness(img, 0.1)
        K.enhance.adjust_contrast(img, 0.8)
        K.enhance.adjust_gamma(img, 1.2)
        K.enhance.equalize(img.detach())
        K.enhance.normalize(img, torch.tensor([0.5, 0.5, 0.5]), torch.tensor([0.2, 0.2, 0.2]))

    def geometry():
        angle = torch.tensor([15.0, -30.0])
        y = K.geometry.transform.rotate(img, angle)
        y = y + K.geometry.transform.resize(img, (32, 32))
        mat = K.geometry.transform.get_rotation_matrix2d(torch.tensor([[16.0, 16.0]] * 2), angle, torch.ones(2, 2))
        y = y + K.geometry.transform.warp_affine(img, mat, (32, 32))
        pts = torch.rand(2, 4, 2) * 32
        h = K.geometry.transform.get_perspective_transform(pts, pts + 1)
        y = y + K.geometry.transform.warp_perspective(img, h, (32, 32))
        y.mean().backward()
        K.geometry.conversions.angle_axis_to_rotation_matrix(torch.rand(4, 3))
        K.geometry.conversions.rotation_matrix_to_quaternion(torch.eye(3).expand(2, 3, 3).contiguous())
        K.geometry.linalg.transform_points(h, pts)

    def augmentation():
        aug = torch.nn.Sequential(
            KA.RandomHorizontalFlip(p=1.0), KA.RandomAffine(degrees=20, translate=(0.1, 0.1), p=1.0),
            KA.ColorJitter(0.2, 0.2, 0.2, 0.1, p=1.0), KA.RandomResizedCrop((24, 24), p=1.0),
            KA.RandomGaussianBlur((3, 3), (0.1, 2.0), p=1.0), KA.Normalize(mean=torch.zeros(3), std=torch.ones(3)),
        )
        torch.manual_seed(0)
        aug(img).mean().backward()

    def losses():
        a, b = torch.rand(2, 3, 32, 32, requires_grad=True), torch.rand(2, 3, 32, 32)
        loss = K.losses.ssim_loss(a, b, 5) + K.losses.psnr_loss(a, b, 1.0) + K.losses.total_variation(a).mean()
        logits = torch.randn(2, 4, 8, 8, requires_grad=True)
        target = torch.randint(0, 4, (2, 8, 8))
        loss = loss + K.losses.focal_loss(logits, target, alpha=0.5, reduction="mean")
        loss = loss + K.losses.dice_loss(logits, target) + K.losses.tversky_loss(logits, target, 0.5, 0.5)
        loss.backward()
        K.morphology.dilation(b, torch.ones(3, 3))
        K.morphology.erosion(b, torch.ones(3, 3))

    def features():
        gray = torch.rand(1, 1, 32, 32)
        K.feature.harris_response(gray)
        K.feature.gftt_response(gray)
        desc = K.feature.SIFTDescriptor(32, 8, 4)
        d = desc(torch.rand(4, 1, 32, 32))
        K.feature.match_nn(d[:2], d[2:])
        K.feature.match_mnn(d[:2], d[2:])

    return {"filters": filters, "color-enhance": color, "geometry": geometry, "augmentation": augmentation,
            "losses-morphology": losses, "features": features}


def x_transformers_scenarios():
    import torch
    import x_transformers as X

    ids = torch.randint(0, 99, (2, 12))

    def decoder():
        model = X.TransformerWrapper(num_tokens=99, max_seq_len=32,
                                     attn_layers=X.Decoder(dim=32, depth=2, heads=4, rotary_pos_emb=True,
                                                           ff_glu=True, attn_qk_norm=True))
        wrapper = X.AutoregressiveWrapper(model)
        loss = wrapper(ids)
        _train_step(wrapper, loss)
        wrapper.generate(ids[:, :4], 4)

    def encoder():
        model = X.TransformerWrapper(num_tokens=99, max_seq_len=32, num_memory_tokens=2,
                                     attn_layers=X.Encoder(dim=32, depth=2, heads=4, alibi_pos_bias=True,
                                                           use_rmsnorm=True, ff_swish=True, residual_attn=True))
        out = model(ids, mask=torch.ones_like(ids).bool())
        _train_step(model, out.mean())

    def vit():
        model = X.ViTransformerWrapper(image_size=32, patch_size=8, num_classes=5,
                                       attn_layers=X.Encoder(dim=32, depth=2, heads=4, sandwich_norm=True))
        out = model(torch.randn(2, 3, 32, 32))
        _train_step(model, torch.nn.functional.cross_entropy(out, torch.tensor([1, 4])))

    def enc_dec():
        model = X.XTransformer(dim=32, enc_num_tokens=99, enc_depth=1, enc_heads=4, enc_max_seq_len=32,
                               dec_num_tokens=99, dec_depth=1, dec_heads=4, dec_max_seq_len=32,
                               tie_token_emb=True)
        loss = model(ids, ids, mask=torch.ones_like(ids).bool())
        _train_step(model, loss)
        model.generate(ids, ids[:, :1], 3)

    def continuous():
        model = X.ContinuousTransformerWrapper(dim_in=6, dim_out=6, max_seq_len=32,
                                               attn_layers=X.Decoder(dim=32, depth=2, heads=4, shift_tokens=1,
                                                                     gate_residual=True, layer_dropout=0.1))
        out = model(torch.randn(2, 10, 6))
        _train_step(model, out.pow(2).mean())

    return {"decoder-ar": decoder, "encoder-alibi": encoder, "vit": vit, "xtransformer": enc_dec,
            "continuous": continuous}


def monai_scenarios():
    import torch
    import monai.losses as L
    import monai.networks.nets as N

    def unet():
        model = N.UNet(spatial_dims=2, in_channels=1, out_channels=2, channels=(8, 16, 32), strides=(2, 2),
                       num_res_units=1)
        x = torch.randn(2, 1, 32, 32)
        y = torch.randint(0, 2, (2, 1, 32, 32))
        loss = L.DiceCELoss(to_onehot_y=True, softmax=True)(model(x), y)
        _train_step(model, loss)

    def segresnet():
        model = N.SegResNet(spatial_dims=3, init_filters=8, in_channels=1, out_channels=2, blocks_down=(1, 1),
                            blocks_up=(1,))
        loss = L.DiceFocalLoss(to_onehot_y=True, softmax=True)(model(torch.randn(1, 1, 16, 16, 16)),
                                                                  torch.randint(0, 2, (1, 1, 16, 16, 16)))
        _train_step(model, loss)

    def dynunet():
        model = N.DynUNet(spatial_dims=2, in_channels=1, out_channels=2, kernel_size=[3, 3, 3],
                          strides=[1, 2, 2], upsample_kernel_size=[2, 2], deep_supervision=False)
        loss = L.GeneralizedDiceLoss(to_onehot_y=True, softmax=True)(model(torch.randn(2, 1, 32, 32)),
                                                                       torch.randint(0, 2, (2, 1, 32, 32)))
        _train_step(model, loss)

    def unetr():
        model = N.UNETR(in_channels=1, out_channels=2, img_size=(32, 32), feature_size=4, hidden_size=32,
                        mlp_dim=64, num_heads=4, spatial_dims=2)
        loss = L.DiceLoss(to_onehot_y=True, sigmoid=True)(model(torch.randn(1, 1, 32, 32)),
                                                            torch.randint(0, 2, (1, 1, 32, 32)))
        _train_step(model, loss)

    def swin_unetr():
        model = N.SwinUNETR(in_channels=1, out_channels=2, feature_size=12, spatial_dims=2, depths=(1, 1, 1, 1),
                            num_heads=(1, 1, 2, 2))
        out = model(torch.randn(1, 1, 64, 64))
        _train_step(model, L.DiceLoss(to_onehot_y=True, softmax=True)(out, torch.randint(0, 2, (1, 1, 64, 64))))

    def classifiers():
        for model, x in ((N.DenseNet121(spatial_dims=2, in_channels=1, out_channels=3), torch.randn(2, 1, 32, 32)),
                         (N.ViT(in_channels=1, img_size=(32, 32), patch_size=(8, 8), hidden_size=32, mlp_dim=64,
                                num_layers=2, num_heads=4, spatial_dims=2, classification=True, num_classes=3),
                          torch.randn(2, 1, 32, 32)),
                         (N.resnet18(spatial_dims=2, n_input_channels=1, num_classes=3), torch.randn(2, 1, 32, 32))):
            out = model(x)
            out = out[0] if isinstance(out, (list, tuple)) else out
            _train_step(model, torch.nn.functional.cross_entropy(out, torch.tensor([0, 2])))

    def autoencoder():
        model = N.VarAutoEncoder(spatial_dims=2, in_shape=(1, 16, 16), out_channels=1, latent_size=4,
                                 channels=(8, 16), strides=(2, 2))
        recon, mu, logvar, _ = model(torch.rand(2, 1, 16, 16))
        _train_step(model, recon.mean() + mu.pow(2).mean() + logvar.exp().mean())

    return {"unet": unet, "segresnet": segresnet, "dynunet": dynunet, "unetr": unetr, "swin-unetr": swin_unetr,
            "classifiers": classifiers, "varautoencoder": autoencoder}


SCENARIOS = {"transformers": transformers_scenarios, "diffusers": diffusers_scenarios, "kornia": kornia_scenarios,
             "x_transformers": x_transformers_scenarios, "monai": monai_scenarios}


def collect(package: str, out_dir: str) -> str:
    import importlib.metadata as md

    import torch
    from recorder import Recorder

    torch.manual_seed(0)
    spec = importlib.util.find_spec(package)
    pkg_dir = os.path.dirname(spec.origin)
    site_dir = os.path.dirname(pkg_dir)
    version = md.version(DIST[package])
    rec = Recorder(pkg_dir, site_dir)
    results = {}
    t0 = time.perf_counter()
    warnings.simplefilter("ignore")
    rec.start()
    try:
        scenarios = SCENARIOS[package]()  # imports the package under the recorder
        for name, fn in scenarios.items():
            try:
                fn()
                results[name] = "ok"
            except Exception as exc:  # keep going: one broken config must not lose the rest
                results[name] = f"failed: {type(exc).__name__}: {exc}"[:300]
                rec.stop()
                traceback.print_exc()
                rec.start()
    finally:
        rec.stop()
    elapsed = time.perf_counter() - t0
    data = rec.results()
    truth = {
        "schema_version": 1,
        "package": package,
        "distribution": DIST[package],
        "version": version,
        "torch": torch.__version__,
        "python": ".".join(map(str, sys.version_info[:2])),
        "paths_relative_to": "site-packages",
        "scenarios": results,
        "collect_seconds": round(elapsed, 1),
        "aliases": data["aliases"],
        "files": data["files"],
    }
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, f"{DIST[package]}-{version}.json")
    with open(path, "w") as fh:
        _dump(truth, fh)
    n_uses = sum(len(f["uses"]) for f in truth["files"].values())
    n_aux = sum(len(f["aux"]) for f in truth["files"].values())
    n_exec = sum(1 for f in truth["files"].values() if f["executed"])
    print(f"{package} {version}: {n_uses} uses, {n_aux} aux records, {n_exec} executed files, "
          f"{sum(v == 'ok' for v in results.values())}/{len(results)} scenarios ok, {elapsed:.0f}s -> {path}",
          file=sys.stderr)
    return path


def _dump(truth: dict, fh) -> None:
    """One line per file keeps the JSON diffable and compact."""
    head = {k: v for k, v in truth.items() if k != "files"}
    text = json.dumps(head, indent=1, sort_keys=False)[:-2]
    fh.write(text + ',\n "files": {\n')
    items = list(truth["files"].items())
    for i, (rel, f) in enumerate(items):
        fh.write(f"  {json.dumps(rel)}: {json.dumps(f, separators=(',', ':'))}" + (",\n" if i + 1 < len(items) else "\n"))
    fh.write(" }\n}\n")


def write_unobservable(out_dir: str) -> str:
    """Public names in the main torch namespaces that no recorder hook can see being used
    (dtypes, constants, C types such as torch.device and torch.finfo whose construction runs no Python)."""
    import types

    import torch
    from recorder import PREFERRED

    out = set()
    extra = ["torch.distributed", "torch.distributed.tensor", "torch.backends.cudnn",
             "torch.backends.mkldnn", "torch.fx"]
    out.add("torch.__version__")
    for mname in [*PREFERRED, *extra]:
        try:
            mod = torch.Tensor if mname == "torch.Tensor" else importlib.import_module(mname)
        except ImportError:
            continue
        for attr in dir(mod):
            if attr.startswith("_"):
                continue
            try:
                obj = getattr(mod, attr)
            except Exception:
                continue
            if isinstance(obj, types.ModuleType):
                continue
            if mname == "torch.Tensor":
                continue  # methods go through the torch function mode, properties are recorded as aux
            if isinstance(obj, type):
                # a constructor the recorder can see is Python code in a torch file; dataclass-made
                # __init__s (torch.distributed.tensor.Replicate) live in "<string>" and are invisible
                def _in_torch(f):
                    f = f.__func__ if isinstance(f, staticmethod) else f
                    code = getattr(f, "__code__", None)
                    return code is not None and "torch" in code.co_filename.replace("\\", "/").split("/")
                py_init = any(isinstance(c.__dict__.get(m), (types.FunctionType, staticmethod)) and
                              _in_torch(c.__dict__[m])
                              for c in obj.__mro__ if c is not object for m in ("__init__", "__new__"))
                if not py_init:
                    out.add(f"{mname}.{attr}")
            elif not callable(obj):
                out.add(f"{mname}.{attr}")
    path = os.path.join(out_dir, f"unobservable-torch-{torch.__version__.split('+')[0]}.json")
    with open(path, "w") as fh:
        json.dump({"torch": torch.__version__, "unobservable": sorted(out)}, fh, indent=0)
        fh.write("\n")
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("package", choices=sorted(SCENARIOS))
    ap.add_argument("--out", default=os.path.join(HERE, "truth"))
    args = ap.parse_args()
    collect(args.package, args.out)
    write_unobservable(args.out)


if __name__ == "__main__":
    main()
